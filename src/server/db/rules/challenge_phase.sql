-- docs/RULES.md rules 3 and 11: before the start instant a challenge is upcoming, from start to end
-- (both included) it runs, after the end it has ended. The same definition as challengePhase in
-- src/shared/challenge-phase.ts (a test holds the two together). A plain SQL expression, so the
-- planner inlines it where it is called.
CREATE OR REPLACE FUNCTION public.challenge_phase(p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE WHEN p_now < p_start THEN 'upcoming' WHEN p_now > p_end THEN 'ended' ELSE 'running' END
$function$
