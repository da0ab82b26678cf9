import zlib from 'node:zlib';

export type ZipEntry = { name: string; data: Buffer | string; modified?: Date };

/** MS-DOS date and time fields of a ZIP header (2-second resolution, local time). */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

type EntryFields = {
  time: number;
  date: number;
  crc: number;
  packedSize: number;
  size: number;
  nameLength: number;
};

/** Flags through name length: the run of fields a local header and its central record share. */
function writeSharedFields(header: Buffer, at: number, f: EntryFields): void {
  header.writeUInt16LE(0x0800, at); // UTF-8 names
  header.writeUInt16LE(8, at + 2); // deflate
  header.writeUInt16LE(f.time, at + 4);
  header.writeUInt16LE(f.date, at + 6);
  header.writeUInt32LE(f.crc, at + 8);
  header.writeUInt32LE(f.packedSize, at + 12);
  header.writeUInt32LE(f.size, at + 16);
  header.writeUInt16LE(f.nameLength, at + 20);
}

/**
 * A ZIP archive (no zip package is installed): each entry deflated with node:zlib, local
 * headers, central directory and end record, CRC-32 from zlib. UTF-8 names (flag bit 11).
 * Sizes stay below 4 GiB, so ZIP64 is not needed for snapshots.
 */
export function writeZip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    const packed = zlib.deflateRawSync(raw);
    const crc = zlib.crc32(raw);
    const { time, date } = dosTime(e.modified ?? new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const fields = { time, date, crc, packedSize: packed.length, size: raw.length, nameLength: name.length };
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    writeSharedFields(local, 6, fields);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, packed);

    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4); // made by
    dir.writeUInt16LE(20, 6); // needed
    writeSharedFields(dir, 8, fields);
    dir.writeUInt16LE(0, 30); // extra
    dir.writeUInt16LE(0, 32); // comment
    dir.writeUInt16LE(0, 34); // disk
    dir.writeUInt16LE(0, 36); // internal attributes
    dir.writeUInt32LE(0, 38); // external attributes
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(0, 20);
  return Buffer.concat([...parts, ...central, end]);
}
