/** A file or document that cannot be applied; the message names the file and the document. */
export class DocumentError extends Error {}
