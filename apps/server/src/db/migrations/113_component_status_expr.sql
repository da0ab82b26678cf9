-- Topology compatibility with canary-checker (docs/topology.md): a status a lookup gives a
-- component (counted by the roll-up with its checks), and `statusExpr`, CEL over the
-- component's summary that decides its status after the roll-up.
ALTER TABLE components ADD COLUMN spec_status text;
ALTER TABLE components ADD COLUMN spec_status_reason text;
ALTER TABLE components ADD COLUMN status_expr text;
