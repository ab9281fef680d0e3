"""People: the user model, sign-up, profiles, login lockout, API tokens and in-site notices.

May import: `core`.
"""
