-- The last TOTP time step accepted per identity, so a code cannot be used twice.
ALTER TABLE identities ADD COLUMN totp_last_step bigint;
