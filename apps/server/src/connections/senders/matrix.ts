import { hostUrl, json, list, need, type Sender } from './types.js';

/**
 * Matrix: one `m.room.message` per room, POSTed to /_matrix/client/r0/rooms/{roomId}/send/m.room.message
 * (spec.matrix.org, Client-Server API "Sending events"). The password is used as the access
 * token: a password login is a second round trip this sender does not make.
 */
export const matrixSender: Sender = {
  requests(conn, msg) {
    const base = hostUrl(need(conn.properties.host, 'host'));
    const token = need(conn.password, 'access token');
    const rooms = list(conn.properties.rooms);
    if (rooms.length === 0) throw new Error('the connection has no rooms');
    return rooms.map((room) =>
      json(
        `${base}/_matrix/client/r0/rooms/${encodeURIComponent(room)}/send/m.room.message`,
        { msgtype: 'm.text', body: `${msg.title}\n${msg.message}` },
        { authorization: `Bearer ${token}` },
      ),
    );
  },
};
