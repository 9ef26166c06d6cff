-- docs/decisions/0013: a shop's 4-digit code for one period, derived from its secret (never sent
-- anywhere) like a TOTP: the first 32 bits of SHA-256(secret:period), modulo 10,000.
CREATE OR REPLACE FUNCTION public.rotating_code(p_secret text, p_period bigint)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
BEGIN
  RETURN lpad(((('x' || substr(encode(sha256(convert_to(p_secret || ':' || p_period, 'UTF8')), 'hex'), 1, 8))::bit(32)::bigint) % 10000)::text, 4, '0');
END
$function$
