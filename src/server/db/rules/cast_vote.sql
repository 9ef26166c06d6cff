-- docs/RULES.md rule 2, the one place a vote is cast. Outcomes: signed-out, no-pass, refused
-- (pass_refusal), voucher-pass (a free pass while its battle's voucher_passes_vote is off, rule
-- 24), shop-not-found, no-votes, shop-limit (with shopName and votesPerShop), voted (with shopName);
-- shopTranslations beside each shopName holds its name in the other languages.
-- A shop's vote_count is the number of its counted votes: vote rows of an active pass for the live
-- shop (docs/decisions/0010). Only the functions in this folder change votes or counters.
CREATE OR REPLACE FUNCTION public.cast_vote(p_user_id integer, p_business_id integer, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
  v_refusal jsonb;
  v_shop businesses;
  v_available integer;
  v_for_shop integer;
BEGIN
  IF p_user_id IS NULL THEN RETURN jsonb_build_object('outcome', 'signed-out'); END IF;
  -- Locked first: parallel votes of one pass are counted one after another.
  SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
  v_challenge := v_held.held_challenge;
  v_pass := v_held.held_pass;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;
  v_refusal := pass_refusal(v_pass, v_challenge, p_now);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
  IF v_pass.voucher_id IS NOT NULL AND NOT v_challenge.voucher_passes_vote THEN
    RETURN jsonb_build_object('outcome', 'voucher-pass');
  END IF;

  SELECT * INTO v_shop FROM businesses
  WHERE id = p_business_id AND challenge_id = v_challenge.id AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'shop-not-found'); END IF;

  -- Both counts are of the pass's own rows, which its lock protects (a shop deleted meanwhile
  -- can only return votes to it).
  v_available := available_votes(v_pass.id);
  IF v_available <= 0 THEN RETURN jsonb_build_object('outcome', 'no-votes'); END IF;
  SELECT count(*) INTO v_for_shop FROM votes WHERE pass_id = v_pass.id AND business_id = v_shop.id;
  IF v_challenge.votes_per_shop IS NOT NULL AND v_for_shop >= v_challenge.votes_per_shop THEN
    RETURN jsonb_build_object('outcome', 'shop-limit', 'shopName', v_shop.name,
      'shopTranslations', v_shop.translations, 'votesPerShop', v_challenge.votes_per_shop);
  END IF;

  -- The shop row is locked only now (after the pass, always in that order), so votes for one shop
  -- wait on each other for the insert and the commit alone. The update re-checks the row under
  -- the lock: a shop deleted meanwhile takes no vote, and one deleted after this commit takes
  -- this vote back with it (rule 8). The counter changes with the vote row, so standings never
  -- count rows.
  -- The server announces this vote after the commit (docs/decisions/0016): a NOTIFY here would
  -- make every vote's commit wait on PostgreSQL's one notification-queue lock.
  PERFORM set_config('lb.vote_counts_announced_after_commit', 'on', true);
  UPDATE businesses SET vote_count = vote_count + 1 WHERE id = v_shop.id AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'shop-not-found'); END IF;
  INSERT INTO votes (pass_id, business_id, voted_at) VALUES (v_pass.id, v_shop.id, p_now);
  RETURN jsonb_build_object(
    'outcome', 'voted',
    'challengeId', v_challenge.id,
    'passId', v_pass.id,
    'shopName', v_shop.name,
    'shopTranslations', v_shop.translations,
    'availableVotes', v_available - 1,
    'votesForShop', v_for_shop + 1
  );
END
$function$
