import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { voteCountsSchema } from '#shared/businesses.ts';
import { errorBodySchema } from '#shared/errors.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { ChangeFeed } from '../../db/changes.ts';
import { publicVoteCounts } from '../service.ts';
import { LiveCounts } from './live-counts.ts';
import { StreamSlots } from './stream-slots.ts';
import { endpoints } from '#shared/endpoints.ts';

/** How long a client waits before reconnecting (the stream's `retry:` field). */
const STREAM_RETRY_MS = 3_000;
/** A comment line this often keeps proxies and the browser from timing the stream out. */
const STREAM_HEARTBEAT_MS = 15_000;
/** A client that lets this much go unread is too slow to follow: it is dropped and reconnects. */
const STREAM_MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * GET /api/votes/stream (docs/decisions/0016): the public counts of GET /api/votes pushed when
 * they change, one read per change for all of this instance's streams.
 */
export async function voteStreamRoutes(
  app: FastifyInstance,
  { db, clock, changes, config }: AppDeps,
) {
  const stream = new VoteStream({
    read: async () => JSON.stringify(voteCountsSchema.parse(await publicVoteCounts(db, clock()))),
    changes,
    liveCountsIntervalMs: config.liveCountsIntervalMs,
    streamsPerAddress: config.streamsPerAddress,
    streamsPerInstance: config.streamsPerInstance,
  });
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => stream.close());

  app.get(
    endpoints.voteStream.path,
    {
      schema: {
        description:
          'Server-Sent Events: the public vote counts (as GET /api/votes) at once, then again whenever they change, at most once a second; comment lines as heartbeats.',
        response: {
          200: { content: { 'text/event-stream': { schema: voteCountsSchema } } },
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    (request, reply) => stream.serve(request, reply),
  );
}

interface VoteStreamOptions {
  /** The public counts' JSON, as GET /api/votes answers it. */
  read: () => Promise<string>;
  changes: ChangeFeed;
  liveCountsIntervalMs: number;
  streamsPerAddress: number;
  streamsPerInstance: number;
}

interface OpenStream {
  write(chunk: string): void;
  end(): void;
}

/**
 * The stream's plumbing: this instance's open Server-Sent Events, their slots per address, the
 * heartbeat and its recheck of the counts, and ending them all when the server closes.
 */
class VoteStream {
  private readonly live: LiveCounts;
  private readonly slots: StreamSlots;
  private readonly openStreams = new Set<OpenStream>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(options: VoteStreamOptions) {
    this.live = new LiveCounts({
      read: options.read,
      changes: options.changes,
      intervalMs: options.liveCountsIntervalMs,
    });
    this.slots = new StreamSlots({
      perAddress: options.streamsPerAddress,
      perInstance: options.streamsPerInstance,
    });
    this.heartbeat = setInterval(() => {
      for (const stream of this.openStreams) stream.write(': heartbeat\n\n');
      this.live.recheck();
    }, STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Answers one request with the counts at once, then whenever they change. */
  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Taken before the first await, so a burst of requests cannot all pass the check at once.
    const releaseSlot = this.slots.take(normalizeIP(request.ip));
    const response = reply.raw;
    let started = false;
    let latest: string | undefined;
    const stream: OpenStream = {
      write(chunk: string) {
        if (response.writableLength > STREAM_MAX_BUFFERED_BYTES) response.destroy();
        else response.write(chunk);
      },
      end: () => response.end(),
    };
    const unsubscribe = this.live.subscribe((json) => {
      if (started) stream.write(`data: ${json}\n\n`);
      else latest = json;
    });
    response.once('close', () => {
      releaseSlot();
      this.openStreams.delete(stream);
      unsubscribe();
    });
    let first: string;
    try {
      first = await this.live.current();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    reply.hijack();
    if (response.destroyed) return;
    // The security headers set so far, then the ones an event stream needs (no proxy buffering).
    void reply.headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200);
    response.write(`retry: ${STREAM_RETRY_MS}\n\ndata: ${first}\n\n`);
    if (latest !== undefined && latest !== first) response.write(`data: ${latest}\n\n`);
    started = true;
    this.openStreams.add(stream);
    request.log.debug({ streams: this.live.streamCount }, 'vote stream opened');
  }

  /** Stops the heartbeat and the change subscription, and ends every open stream. */
  close(): void {
    clearInterval(this.heartbeat);
    this.live.close();
    for (const stream of this.openStreams) stream.end();
  }
}
