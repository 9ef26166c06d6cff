-- The rules that spend money's worth (redeem, vote) run as one call each: one round trip to the
-- database instead of ten, with the same locks in the same order (docs/decisions/0006). Each
-- statement of a PL/pgSQL function takes a fresh snapshot, so everything read after the pass
-- row is locked sees what earlier holders of that lock committed. The functions return what
-- happened; the server words the answer.

-- DECISIONS rule 1: among active challenges, the one running now (latest start first), else the
-- next to start, else the one that ended last; ties broken by id.
-- PL/pgSQL rather than SQL functions: PL/pgSQL keeps each statement's plan for the connection,
-- while a SQL function called in a query is planned again on every call.
CREATE FUNCTION active_challenge_id(p_now timestamptz) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
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
$$;
--> statement-breakpoint

-- DECISIONS rule 2: each redeemed coupon earns one vote; available = redeemed − cast, never below
-- zero. Votes for a deleted shop no longer count, so they return to the voter (rule 8).
CREATE FUNCTION available_votes(p_pass_id integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN greatest(0,
    (SELECT count(*) FROM coupons WHERE pass_id = p_pass_id AND redeemed)
    - (SELECT count(*) FROM votes v JOIN businesses b ON b.id = v.business_id
       WHERE v.pass_id = p_pass_id AND b.deleted_at IS NULL))::integer;
END
$$;
--> statement-breakpoint

-- The signed-in member of a session (src/server/plugins/session.ts keeps { userId } in data), or
-- null when the session is unknown, expired or signed out.
CREATE FUNCTION session_user_id(p_sid text, p_now timestamptz) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT (data ->> 'userId')::integer FROM sessions WHERE sid = p_sid AND expires_at > p_now);
END
$$;
--> statement-breakpoint

-- The lock every rule that spends or earns votes takes first: the member's pass for the active
-- challenge, locked until the transaction ends, with that challenge. held_pass is null without one.
CREATE FUNCTION lock_held_pass(p_user_id integer, p_now timestamptz, OUT held_challenge challenges, OUT held_pass passes)
LANGUAGE plpgsql AS $$
BEGIN
  -- A scalar subquery, so active_challenge_id runs once rather than once per challenge row.
  SELECT * INTO held_challenge FROM challenges WHERE id = (SELECT active_challenge_id(p_now));
  IF FOUND THEN
    SELECT * INTO held_pass FROM passes
    WHERE user_id = p_user_id AND challenge_id = held_challenge.id
    FOR UPDATE;
  END IF;
END
$$;
--> statement-breakpoint

-- DECISIONS rules 2 and 3, the one place a coupon is redeemed. Outcomes: signed-out, no-pass,
-- coupon-not-found, cannot-act (with pass and challenge, for the wording), already-redeemed,
-- locked (with retryAt), wrong-code (the attempt is recorded), redeemed.
CREATE FUNCTION redeem_coupon(
  p_user_id integer,
  p_coupon_id integer,
  p_code text,
  p_now timestamptz,
  p_limit_attempts integer[],
  p_limit_seconds integer[]
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
  v_coupon coupons;
  v_shop businesses;
  v_retry_at timestamptz;
BEGIN
  IF p_user_id IS NULL THEN RETURN jsonb_build_object('outcome', 'signed-out'); END IF;
  -- Locked first: parallel attempts of one pass are judged one after another, so the limit on
  -- wrong codes counts every attempt and a coupon is redeemed exactly once.
  SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
  v_challenge := v_held.held_challenge;
  v_pass := v_held.held_pass;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;

  -- Someone else's coupon is "not found", as is one for a deleted shop.
  SELECT * INTO v_coupon FROM coupons WHERE id = p_coupon_id AND pass_id = v_pass.id;
  IF FOUND THEN
    SELECT * INTO v_shop FROM businesses WHERE id = v_coupon.business_id AND deleted_at IS NULL;
  END IF;
  IF v_shop.id IS NULL THEN RETURN jsonb_build_object('outcome', 'coupon-not-found'); END IF;

  IF NOT v_pass.active OR p_now < v_challenge.start_date OR p_now > v_challenge.end_date THEN
    RETURN jsonb_build_object('outcome', 'cannot-act', 'pass', to_jsonb(v_pass), 'challenge', to_jsonb(v_challenge));
  END IF;
  IF v_coupon.redeemed THEN
    RETURN jsonb_build_object('outcome', 'already-redeemed', 'shopName', v_shop.name);
  END IF;

  -- For each full window, the pass waits until the oldest attempt keeping it full leaves it.
  SELECT max(blocking.attempted_at + make_interval(secs => window_limit.seconds)) INTO v_retry_at
  FROM unnest(p_limit_attempts, p_limit_seconds) AS window_limit(attempts, seconds)
  CROSS JOIN LATERAL (
    SELECT attempted_at FROM redemption_attempts
    WHERE pass_id = v_pass.id AND attempted_at > p_now - make_interval(secs => window_limit.seconds)
    ORDER BY attempted_at DESC
    OFFSET window_limit.attempts - 1 LIMIT 1
  ) AS blocking;
  IF v_retry_at IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'locked', 'retryAt', v_retry_at);
  END IF;

  IF v_shop.redemption_code IS DISTINCT FROM p_code THEN
    INSERT INTO redemption_attempts (pass_id, coupon_id, attempted_at) VALUES (v_pass.id, v_coupon.id, p_now);
    RETURN jsonb_build_object('outcome', 'wrong-code');
  END IF;

  UPDATE coupons SET redeemed = true, redeemed_at = p_now WHERE id = v_coupon.id RETURNING * INTO v_coupon;
  RETURN jsonb_build_object(
    'outcome', 'redeemed',
    'coupon', to_jsonb(v_coupon),
    'business', to_jsonb(v_shop),
    'availableVotes', available_votes(v_pass.id)
  );
END
$$;
--> statement-breakpoint

-- DECISIONS rule 2, the one place a vote is cast. Outcomes: signed-out, no-pass, cannot-act (with pass and
-- challenge), shop-not-found, no-votes, shop-limit (with shopName and votesPerShop), voted.
CREATE FUNCTION cast_vote(p_user_id integer, p_business_id integer, p_now timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_held record;
  v_challenge challenges;
  v_pass passes;
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
  IF NOT v_pass.active OR p_now < v_challenge.start_date OR p_now > v_challenge.end_date THEN
    RETURN jsonb_build_object('outcome', 'cannot-act', 'pass', to_jsonb(v_pass), 'challenge', to_jsonb(v_challenge));
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
    RETURN jsonb_build_object('outcome', 'shop-limit', 'shopName', v_shop.name, 'votesPerShop', v_challenge.votes_per_shop);
  END IF;

  -- The shop row is locked only now (after the pass, always in that order), so votes for one shop
  -- wait on each other for the insert and the commit alone. The update re-checks the row under
  -- the lock: a shop deleted meanwhile takes no vote, and one deleted after this commit takes
  -- this vote back with it (rule 8). The counter changes with the vote row, so standings never
  -- count rows.
  UPDATE businesses SET vote_count = vote_count + 1 WHERE id = v_shop.id AND deleted_at IS NULL;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'shop-not-found'); END IF;
  INSERT INTO votes (pass_id, business_id, voted_at) VALUES (v_pass.id, v_shop.id, p_now);
  RETURN jsonb_build_object(
    'outcome', 'voted',
    'shopName', v_shop.name,
    'availableVotes', v_available - 1,
    'votesForShop', v_for_shop + 1
  );
END
$$;
--> statement-breakpoint

-- Each coupon row is updated once, when redeemed. Room for that one new version on its own page
-- keeps the update HOT (no new index entries), so redemptions at one shop do not queue on the
-- same index pages; a full page (the default) made about 40% of redemptions write every index.
ALTER TABLE coupons SET (fillfactor = 50);
