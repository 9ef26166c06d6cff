import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rule-call.ts';

/** Work every instance schedules but only one should do per interval. */
export interface PeriodicJob {
  /** Unique; the key of its row in scheduled_jobs. */
  name: string;
  intervalMs: number;
  run(now: Date): Promise<void>;
}

/**
 * Instances' timers drift apart; a tick claims the job once 90% of its interval has passed since
 * the last run anywhere, so the job runs about once per interval however the instances' timers
 * lie against each other.
 */
const CLAIM_AFTER_SHARE_OF_INTERVAL = 0.9;

/**
 * Claims this tick of a job for this instance: true for exactly one caller per interval,
 * whichever instance asks first. One atomic upsert on the database's clock, so it works the same
 * with one process on PGlite and with many on PostgreSQL, and survives restarts.
 */
export async function claimTick(db: Db, job: Pick<PeriodicJob, 'name' | 'intervalMs'>) {
  const claimAfterMs = Math.floor(job.intervalMs * CLAIM_AFTER_SHARE_OF_INTERVAL);
  const rows = await queryRows(
    db,
    sql`
    insert into scheduled_jobs as job (name, last_run_at, runs) values (${job.name}, now(), 1)
    on conflict (name) do update set last_run_at = now(), runs = job.runs + 1
      where job.last_run_at <= now() - ${claimAfterMs} * interval '1 millisecond'
    returning name
  `,
  );
  return rows.length === 1;
}

export interface SchedulerLog {
  warn(details: object, message: string): void;
}

/**
 * Runs periodic jobs in the background of every instance: each job ticks on its interval, and a
 * tick runs the job only when it claims it (claimTick). Timers are unref'd, so they never keep a
 * process alive; stop() waits for the runs in progress.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly jobs: PeriodicJob[],
    private readonly clock: () => Date,
    private readonly log: SchedulerLog,
  ) {}

  /** Ticks every job once now, then on its interval. */
  start(): void {
    for (const job of this.jobs) {
      void this.track(this.tick(job));
      const timer = setInterval(() => void this.track(this.tick(job)), job.intervalMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await Promise.all(this.running);
  }

  /** One tick of one job: true when this instance claimed and ran it. */
  async tick(job: PeriodicJob): Promise<boolean> {
    try {
      if (!(await claimTick(this.db, job))) return false;
      await job.run(this.clock());
      return true;
    } catch (error) {
      // The database may be briefly away; the next tick tries again.
      this.log.warn({ err: error, job: job.name }, 'periodic job failed');
      return false;
    }
  }

  private track(run: Promise<unknown>) {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }
}
