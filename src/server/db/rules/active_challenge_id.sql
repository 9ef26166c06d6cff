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
    CASE WHEN start_date <= p_now AND p_now <= end_date THEN 0 WHEN start_date > p_now THEN 1 ELSE 2 END,
    CASE
      WHEN start_date <= p_now AND p_now <= end_date THEN -extract(epoch FROM start_date)
      WHEN start_date > p_now THEN extract(epoch FROM start_date)
      ELSE -extract(epoch FROM end_date)
    END,
    id
  LIMIT 1);
END
$function$
