-- docs/RULES.md rule 1: among active challenges, the one running now (latest start first), else the
-- next to start, else the one that ended last; ties broken by id. PL/pgSQL rather than a SQL
-- function: PL/pgSQL keeps each statement's plan for the connection, a SQL function called in a
-- query is planned again on every call.
CREATE OR REPLACE FUNCTION public.active_challenge_id(p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT id FROM challenges
  WHERE active
  ORDER BY
    CASE challenge_phase(start_date, end_date, p_now) WHEN 'running' THEN 0 WHEN 'upcoming' THEN 1 ELSE 2 END,
    CASE challenge_phase(start_date, end_date, p_now)
      WHEN 'running' THEN -extract(epoch FROM start_date)
      WHEN 'upcoming' THEN extract(epoch FROM start_date)
      ELSE -extract(epoch FROM end_date)
    END,
    id
  LIMIT 1);
END
$function$
