import crypto from 'node:crypto';

/**
 * Applied migrations whose comments were later rewritten (their SQL untouched), so that the
 * repository explains itself without pointing at documents it does not ship. For each: the
 * checksum of the file as installs recorded it, and the checksum of its SQL with comments
 * left out, which the edited file must still have. migrate.ts accepts the old checksum only
 * then, and records the new one.
 */
export const COMMENT_EDITS: Readonly<Record<string, { before: string; code: string }>> = {
  '001': {
    before: '2c071e0e28fb4c6def6e52f4b995e1d89bdf873d0bda9fad67a73c71a66ab4f4',
    code: '396ddadadad0ab8b562c69df8bd9fa8d0f652a87f99326336004f97865afb801',
  },
  '021': {
    before: '86e2cef85faa5c75abced150b37e03d63a45c620b38336aea5107b79c38289e3',
    code: '41c774b0218056cff32c59beb1b2687817833655c32ad6a44d255441e2f062da',
  },
  '030': {
    before: '64f3475f9257b8fe898ce7979b044c43065b18a4313a5fb07d75e812629085a4',
    code: '34a84caeca50d0ce0194a00ca660f816089307e601e65636a80e59398aa3da0f',
  },
  '040': {
    before: '0bc434472cdbeaaedad5dd7f2c9afb389feaabe7c8a3223bc6d6023ba1d1172a',
    code: 'a0c16ae3115292d1ca3bbc47c75b55185c43077958223869a11a6102b6f0eccf',
  },
  '051': {
    before: 'b2872ecc169460f8f60a98362446ce0a752ae988fd20b5742f34a63b28b03ef5',
    code: 'de6d0a83492e6d57585453169f4dac4a3de44a5ff41f36d8fb5f37c2f1db91e5',
  },
  '060': {
    before: '5bbc8ddebcabd20088907a0dc5ed741734ccf58efa216d2f554da2a2400e5620',
    code: 'df160becb4d581f7339d49ed4b012d7eecbd1ea62268d8bdbeed10fd8296a4a4',
  },
};

/** The migration's SQL without `--` comments and with whitespace collapsed. */
export function codeChecksum(sql: string): string {
  const code = sql
    .replace(/--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return crypto.createHash('sha256').update(code).digest('hex');
}

/** Whether a recorded checksum is that of an earlier, comment-only different version of `sql`. */
export function isCommentOnlyEdit(version: string, recorded: string, sql: string): boolean {
  const edit = Object.hasOwn(COMMENT_EDITS, version) ? COMMENT_EDITS[version] : undefined;
  return edit !== undefined && edit.before === recorded && edit.code === codeChecksum(sql);
}
