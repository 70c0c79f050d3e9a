// Starts `dof lsp` for .card files (docs/editors.md, "VS Code").
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  client = new LanguageClient(
    "dof", "dof card language",
    // dof must be on the PATH VS Code starts with, or give its full path here;
    // add "--mod", "/path/to/mymod" to args for a mod spread over folders.
    { command: "dof", args: ["lsp"] },
    { documentSelector: [{ language: "card" }] },
  );
  return client.start();
}

function deactivate() {
  return client && client.stop();
}

module.exports = { activate, deactivate };
