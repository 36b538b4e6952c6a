import type { Config } from './config.ts';
import type { CollectionRegistry } from './core/collections.ts';
import type { RecordEvents } from './core/events.ts';
import type { TokenService } from './core/auth/tokens.ts';
import type { StoredRow } from './core/records/codec.ts';
import { LocalBus, type RealtimeBus } from './core/realtime/bus.ts';
import { PgBus, type PgBusOptions } from './core/realtime/pg-bus.ts';
import type { SqlStatements } from './db/sql.ts';
import type { SettingsService } from './ops/settings.ts';

/** The bus this instance uses: PostgreSQL's LISTEN/NOTIFY when a bus URL is configured, else in process. */
export function createBus(config: Config, log: PgBusOptions['log']): RealtimeBus {
  return config.realtime.busUrl ? new PgBus(config.realtime.busUrl, { log }) : new LocalBus();
}

interface Caches {
  stmts: SqlStatements;
  registry: CollectionRegistry;
  events: RecordEvents;
  tokens: TokenService;
  settings: SettingsService;
}

/**
 * Connects the bus to this instance's state. Its own writes go out as record messages (the hub
 * delivers them here at once); its saved settings as a settings message. What other instances
 * publish invalidates what this instance cached: a record message bumps the read generation (list
 * totals, the row cache), forgets the auth row and reaches `events.onChange` listeners (the guest
 * pages and their live updates); a settings message reloads the settings; a flush drops it all.
 * Subscribed before the hub, so caches are fresh by the time subscribers get the event.
 */
export function wireBus(bus: RealtimeBus, { stmts, registry, events, tokens, settings }: Caches): void {
  let reloading = false;
  const reloadSettings = () => {
    reloading = true;
    try {
      settings.reload();
    } finally {
      reloading = false;
    }
  };
  bus.subscribe((message, origin) => {
    if (message.kind === 'flush') {
      stmts.invalidateReadCaches();
      tokens.forgetAll();
      reloadSettings();
      return;
    }
    if (origin === 'local') return;
    if (message.kind === 'settings') return reloadSettings();
    // Subscription requests between instances (core/realtime/forward.ts) change no data.
    if (message.kind !== 'record') return;
    const collection = registry.get(message.collectionId);
    if (!collection) return;
    stmts.invalidateReadCaches();
    const row = message.row as StoredRow;
    if (collection.type === 'auth') tokens.forget(collection.id, String(row.id));
    events.emitRemote({ action: message.action, collection, row });
  });
  // The same row object goes to the local hub (it finds a delete's prepared frames by it); the
  // password hash stays here (other instances reload auth rows from the database).
  const localOnly = ['password'];
  events.on((e) =>
    bus.publish({
      kind: 'record',
      action: e.action,
      collectionId: e.collection.id,
      row: e.row,
      ...(e.collection.type === 'auth' ? { localOnly } : {}),
    }),
  );
  settings.onChange(() => {
    if (!reloading) bus.publish({ kind: 'settings' });
  });
}
