"""``python -m app`` runs the command line."""

from app.cli.main import main

main()
