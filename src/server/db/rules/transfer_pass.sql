-- docs/RULES.md rule 24: a member hands their pass for the active battle to whoever takes the claim
-- this makes (token_hash: the link's SHA-256). Locks the pass first, as every vote rule does
-- (lock_held_pass), so a transfer and a redeem or vote on the same pass run one after the other
-- and exactly one wins. Outcomes: no-pass, switched-off (a refunded or disputed pass), ended,
-- used (a coupon redeemed or a vote cast: the pass stays), transferred (claimId, passId). The pass
-- keeps its coupons and wrong-code history and is held by nobody until its claim is taken; its
-- wallet copy is the old holder's, so it goes with its devices (docs/decisions/0043): their phones
-- hear of the pass no more, and the next holder's copy has a new serial and token. An object the old
-- holder saved to Google Wallet stays in their Google account, so its serial waits in
-- wallet_google_voids for the wallet outbox to make it INACTIVE (src/server/wallet/updates.ts).
CREATE OR REPLACE FUNCTION public.transfer_pass(p_user_id integer, p_now timestamp with time zone, p_token_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_held record;
  v_pass passes;
  v_claim_id integer;
BEGIN
  SELECT * INTO v_held FROM lock_held_pass(p_user_id, p_now);
  v_pass := v_held.held_pass;
  IF v_pass.id IS NULL THEN RETURN jsonb_build_object('outcome', 'no-pass'); END IF;
  IF NOT v_pass.active THEN RETURN jsonb_build_object('outcome', 'switched-off'); END IF;
  IF p_now >= (v_held.held_challenge).end_date THEN RETURN jsonb_build_object('outcome', 'ended'); END IF;
  IF EXISTS (SELECT FROM coupons WHERE pass_id = v_pass.id AND redeemed)
    OR EXISTS (SELECT FROM votes WHERE pass_id = v_pass.id) THEN
    RETURN jsonb_build_object('outcome', 'used');
  END IF;
  UPDATE passes SET user_id = NULL WHERE id = v_pass.id;
  DELETE FROM wallet_registrations WHERE pass_id = v_pass.id;
  INSERT INTO wallet_google_voids (serial, due_at)
  SELECT serial, now() FROM wallet_passes WHERE pass_id = v_pass.id AND google_saved_at IS NOT NULL;
  DELETE FROM wallet_passes WHERE pass_id = v_pass.id;
  INSERT INTO pass_claims (challenge_id, owner_id, payment_id, pass_id, token_hash, created_at)
  VALUES (v_pass.challenge_id, p_user_id, v_pass.payment_id, v_pass.id, p_token_hash, p_now)
  RETURNING id INTO v_claim_id;
  RETURN jsonb_build_object('outcome', 'transferred', 'claimId', v_claim_id, 'passId', v_pass.id);
END
$function$
