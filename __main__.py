"""`python -m dof` is the `dof` command."""

from dof.cli.main import main

raise SystemExit(main())
