-- The signed-in member of a session (src/server/auth/session.ts keeps { userId } in data), or
-- null when the session is unknown, expired or signed out.
CREATE OR REPLACE FUNCTION public.session_user_id(p_sid text, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT (data ->> 'userId')::integer FROM sessions WHERE sid = p_sid AND expires_at > p_now);
END
$function$
