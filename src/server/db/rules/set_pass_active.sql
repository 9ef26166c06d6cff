-- docs/RULES.md rule 6: a pass switched off (full refund, dispute opened) or on again (dispute won).
-- Its votes stay on record but count only while it is active, so they leave or rejoin the shops'
-- counters here, with the switch. Idempotent: a pass already in that state is left as it is (a
-- pass already off keeps its first reason). Returns whether the pass changed. Locks the pass, then
-- the shops it voted for in id order, as every vote rule does.
CREATE OR REPLACE FUNCTION public.set_pass_active(p_pass_id integer, p_active boolean, p_reason text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_pass passes;
BEGIN
  SELECT * INTO v_pass FROM passes WHERE id = p_pass_id FOR UPDATE;
  IF NOT FOUND OR v_pass.active = p_active THEN RETURN false; END IF;

  PERFORM 1 FROM businesses
  WHERE id IN (SELECT business_id FROM votes WHERE pass_id = p_pass_id) AND deleted_at IS NULL
  ORDER BY id
  FOR UPDATE;
  UPDATE passes SET active = p_active, inactive_reason = CASE WHEN p_active THEN NULL ELSE p_reason END
  WHERE id = p_pass_id;
  UPDATE businesses b SET vote_count = b.vote_count + CASE WHEN p_active THEN cast_votes.n ELSE -cast_votes.n END
  FROM (SELECT business_id, count(*)::integer AS n FROM votes WHERE pass_id = p_pass_id GROUP BY business_id) AS cast_votes
  WHERE b.id = cast_votes.business_id AND b.deleted_at IS NULL;
  RETURN true;
END
$function$
