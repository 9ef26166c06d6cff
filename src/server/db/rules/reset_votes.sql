-- docs/RULES.md rules 2 and 5 (testing only): deletes the member's votes and takes the counted ones
-- off the shops' counters. Outcomes: signed-out, no-pass, refused (pass_refusal: a pass switched
-- off, or a challenge not running, whose standings stand), reset (with removed and
-- availableVotes). Locks the pass, then every shop it voted for in id order, before any vote row is
-- touched, so a shop deleted meanwhile has either already taken its votes back or waits for this.
CREATE OR REPLACE FUNCTION public.reset_votes(p_user_id integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
  v_refusal jsonb;
  v_removed integer;
BEGIN
  IF p_user_id IS NULL THEN RETURN jsonb_build_object('outcome', 'signed-out'); END IF;
  SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
  v_challenge := v_held.held_challenge;
  v_pass := v_held.held_pass;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;
  v_refusal := pass_refusal(v_pass, v_challenge, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;

  PERFORM 1 FROM businesses
  WHERE id IN (SELECT business_id FROM votes WHERE pass_id = v_pass.id) AND deleted_at IS NULL
  ORDER BY id
  FOR UPDATE;
  -- The pass is active, so every one of its votes for a live shop is counted there.
  UPDATE businesses b SET vote_count = b.vote_count - cast_votes.n
  FROM (SELECT business_id, count(*)::integer AS n FROM votes WHERE pass_id = v_pass.id GROUP BY business_id) AS cast_votes
  WHERE b.id = cast_votes.business_id AND b.deleted_at IS NULL;
  DELETE FROM votes WHERE pass_id = v_pass.id;
  GET DIAGNOSTICS v_removed = ROW_COUNT;
  RETURN jsonb_build_object('outcome', 'reset', 'passId', v_pass.id, 'removed', v_removed, 'availableVotes', available_votes(v_pass.id));
END
$function$
