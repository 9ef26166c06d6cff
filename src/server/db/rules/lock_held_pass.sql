-- The lock every rule that spends or earns votes on a member's pass takes first: the member's pass
-- for the active challenge, locked until the transaction ends, with that challenge. held_pass is
-- null without one. Lock order of all vote rules (docs/decisions/0010): the pass, then shops by id.
CREATE OR REPLACE FUNCTION public.lock_held_pass(p_user_id integer, p_now timestamp with time zone, OUT held_challenge challenges, OUT held_pass passes)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A scalar subquery, so active_challenge_id runs once rather than once per challenge row.
  SELECT * INTO held_challenge FROM challenges WHERE id = (SELECT active_challenge_id(p_now));
  IF FOUND THEN
    SELECT * INTO held_pass FROM passes
    WHERE user_id = p_user_id AND challenge_id = held_challenge.id
    FOR UPDATE;
  END IF;
END
$function$
