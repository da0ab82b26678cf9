/** One entry of a remote folder listing (SFTP, SMB). */
export type RemoteEntry = { name: string; size: number; modified: Date; isDir: boolean };

/** A listing: its entries, or `missing` when the folder does not exist (an empty listing). */
export type RemoteListing = { entries: RemoteEntry[]; missing: boolean };
