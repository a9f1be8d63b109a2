import pg from 'pg';

/** Channels the server processes tell each other on. */
export type NoticeChannel = 'dish_ingest';

export interface Notices {
  /** Tells every process listening on `channel` (this one too). */
  notify(channel: NoticeChannel): Promise<void>;
  /** Calls `onNotice` for each notice on `channel` until the returned stop is called. */
  listen(
    channel: NoticeChannel,
    onNotice: () => void,
    log: { warn(details: object, message: string): void },
  ): Promise<() => Promise<void>>;
}

/** A lost listening connection is made again after this long (a notice meanwhile is missed). */
const RECONNECT_MS = 1_000;

/**
 * PostgreSQL's LISTEN/NOTIFY. Notices go through the pool; listening holds a connection of its
 * own (a pooled one would be handed to other queries), made again when it drops. A notice is a
 * nudge, not a message that must arrive: whoever listens also works on a schedule.
 */
export function postgresNotices(url: string, pool: pg.Pool): Notices {
  return {
    async notify(channel) {
      await pool.query(`SELECT pg_notify($1, '')`, [channel]);
    },
    async listen(channel, onNotice, log) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotice();
        });
        const lost = (error?: Error) => {
          if (stopped || client !== next) return;
          client = null;
          log.warn({ err: error, channel }, 'the notice connection was lost; connecting again');
          next.end().catch(() => undefined);
          retry = setTimeout(() => void connect().catch(lost), RECONNECT_MS);
        };
        next.on('error', lost);
        next.on('end', () => lost());
        client = next;
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
