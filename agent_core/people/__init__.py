"""People: who is asking, and who signed in.

- ``identity``: ``Person``, ``APPROVERS``, and the person a tool call acts for (MCP ``_meta``, never an argument);
- ``store``: everyone who signed in (OIDC subject and verified email), looked up by email or id;
- ``reassign``: ``paias people reassign``: one person's rows and notes to another, in one transaction.
"""
