-- An email address a person asked for in their profile settings, kept apart until they enter the
-- code mailed to it (auth/flows/email-change.ts). Until then their old address is the one that
-- counts everywhere — sign-in, recovery, notifications, responders, playbook approvers, single
-- sign-on — and this column is read by nothing but the verification of that code.
ALTER TABLE identities ADD COLUMN pending_email text;
