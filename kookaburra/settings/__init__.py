"""Settings for Kookaburra.

`base` reads everything from the environment; `local` (the default) is for a developer's machine,
`test` for the test suite, `production` for a deployment (it passes `manage.py check --deploy`).
"""
