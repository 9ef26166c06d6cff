import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { RedeemResult } from '#shared/redemption.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';
import { OFFLINE_REDEMPTION_HEADER } from '#shared/offline.ts';
import { api, ApiError } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { notifications } from '@mantine/notifications';
import type { IntlShape } from 'react-intl';
import { useMessages } from '#client/i18n/language.tsx';

/**
 * A code typed at the counter without signal (docs/decisions/0042): kept on the phone in
 * IndexedDB, which survives closing the app, until the server has judged it. Nothing here says
 * it was redeemed: only the server's answer does.
 */
export interface SavedRedemption {
  /** The phone's id for this redemption: the server answers it again the same way. */
  nonce: string;
  couponId: number;
  /** The member who typed it: sent only while they are the one signed in. */
  userId: number;
  redemptionCode: string;
  /** When it was typed, by the phone's clock (ISO 8601). */
  enteredAt: string;
  firstVisit?: boolean | undefined;
}

const DATABASE = 'local-battles';
const STORE = 'offline-redemptions';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'nonce' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

/** One request in its own transaction, settled once the transaction is durable. */
async function inStore<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode, { durability: 'strict' });
      const request = act(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    database.close();
  }
}

/** What the page shows: the saved redemptions, read once and kept in step with every change. */
let saved: SavedRedemption[] = [];
let loaded = false;
const listeners = new Set<() => void>();

/** The same saved codes, in the same order: nothing any card shows has changed. */
const sameSaved = (a: SavedRedemption[], b: SavedRedemption[]) =>
  a.length === b.length && a.every((entry, index) => entry.nonce === b[index]?.nonce);

async function reload(): Promise<SavedRedemption[]> {
  const stored = await inStore<SavedRedemption[]>('readonly', (store) => store.getAll());
  // A store's change is drawn at once, without time slicing (useSyncExternalStore): telling
  // every coupon card that nothing changed redrew them all in one long task as the pass opened.
  if (sameSaved(saved, stored)) return saved;
  saved = stored;
  for (const listener of listeners) listener();
  return saved;
}

/** Keeps a code typed offline; settled once it is on the phone's storage. */
async function saveRedemption(entry: SavedRedemption): Promise<void> {
  await inStore('readwrite', (store) => store.put(entry));
  await reload();
}

async function forget(nonce: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(nonce));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // The first card to look reads the phone's storage, signed in or not yet known (offline).
  if (!loaded && typeof indexedDB !== 'undefined') {
    loaded = true;
    reload().catch(() => undefined);
  }
  return () => listeners.delete(listener);
}

/** The code saved offline and not yet judged by the server for this coupon, if any. */
export function useSavedRedemption(couponId: number | null): SavedRedemption | undefined {
  const all = useSyncExternalStore(
    subscribe,
    () => saved,
    () => saved,
  );
  return all.find((entry) => entry.couponId === couponId);
}

/** Whether the server has judged it: any answer but a missing session or its own fault. */
const judged = (error: unknown) =>
  error instanceof ApiError && error.status !== 401 && error.status < 500;

let replaying: Promise<void> | null = null;

/**
 * Sends one saved code with its nonce (a second send answers as the first). Judged, it is
 * forgotten: counted, it says so; refused, the coupon says why (the server keeps the refusal,
 * GET /api/user/progress) and the member gets an email. Without a network it stays saved, and the
 * service worker keeps the request to send when the browser is back online, even with the app
 * closed (OFFLINE_REDEMPTION_HEADER); whichever arrives second gets the first one's answer.
 */
async function send(entry: SavedRedemption, intl: IntlShape): Promise<'judged' | 'kept'> {
  try {
    const result = await api.post<RedeemResult>(
      endpointPath(endpoints.redeem, { id: entry.couponId }),
      {
        headers: { [OFFLINE_REDEMPTION_HEADER]: '1' },
        body: {
          redemptionCode: entry.redemptionCode,
          enteredAt: entry.enteredAt,
          nonce: entry.nonce,
          ...(entry.firstVisit === undefined ? {} : { firstVisit: entry.firstVisit }),
        },
      },
    );
    notifications.show({
      title: intl.formatMessage({ id: 'offline.countedTitle', defaultMessage: 'Coupon counted' }),
      message: result.message,
      color: 'teal',
    });
  } catch (error) {
    if (!judged(error)) return 'kept';
    notifications.show({
      title: intl.formatMessage({
        id: 'offline.notCountedTitle',
        defaultMessage: 'Coupon not counted',
      }),
      message: error instanceof ApiError ? (error.serverMessage ?? error.message) : '',
      color: 'red',
    });
  }
  await forget(entry.nonce);
  return 'judged';
}

/** Sends the member's saved codes one after another, and stops at the first that cannot go. */
async function replay(
  userId: number,
  intl: IntlShape,
  refresh: () => Promise<void>,
): Promise<void> {
  let sent = 0;
  for (const entry of await reload()) {
    if (entry.userId !== userId) continue;
    if ((await send(entry, intl)) === 'kept') break;
    sent += 1;
  }
  await reload();
  if (sent > 0) await refresh();
}

/**
 * Keeps a code typed offline on the phone, then tries it at once: offline that hands it to the
 * service worker's queue; when only the first request was lost, the server judges it now.
 */
export async function saveAndSendRedemption(
  entry: SavedRedemption,
  intl: IntlShape,
  refresh: () => Promise<void>,
): Promise<void> {
  await saveRedemption(entry);
  void send(entry, intl)
    .then(async (outcome) => {
      await reload();
      if (outcome === 'judged') await refresh();
    })
    .catch(() => undefined);
}

/**
 * docs/decisions/0042: while a member is signed in, their saved codes are sent when the app opens
 * and whenever the phone is back online. Mounted once, in the app's layout.
 */
export function useOfflineRedemptionSync(userId: number | null): void {
  const intl = useMessages();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof indexedDB === 'undefined') return undefined;
    const send = () => {
      if (!navigator.onLine || replaying) return;
      replaying = replay(userId, intl, () =>
        queryClient.invalidateQueries({ queryKey: queryKeys.member.all }),
      )
        .catch(() => undefined)
        .finally(() => {
          replaying = null;
        });
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [userId, intl, queryClient]);
}
