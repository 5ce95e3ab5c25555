// Sign-in with a hub token, in the header: Sign in opens a small form (SignInForm.tsx, loaded on
// the first click, with the who-am-I check of lib/whoami.ts), then "Signed in as NAME" and Sign out.
// Signing in or out runs the page's loaders again, so a private repo appears or disappears at once.
// Kept small: it is part of every page's first JavaScript.
import { LogIn, LogOut } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { signOut, useSession } from "../lib/session.js";
import "./sign-in.css";

const SignInForm = lazy(() => import("./SignInForm.js"));

export function SignIn() {
  const session = useSession();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // A remembered token is checked once per page load (and gives the person's name).
    if (session.token && !session.user) void import("../lib/whoami.js").then((m) => m.confirmSession());
  }, [session.token, session.user]);

  if (session.token) {
    return (
      <div className="sign-in signed-in" data-testid="session">
        <span className="session-user" title={session.user?.fullname}>
          {session.user ? (
            <>
              <span className="session-label">Signed in as </span>
              <strong>{session.user.name}</strong>
            </>
          ) : (
            "Signed in"
          )}
        </span>
        <button
          type="button"
          className="button small"
          aria-label="Sign out"
          onClick={() => {
            signOut();
            void revalidator.revalidate();
          }}
        >
          <LogOut size={14} aria-hidden /> <span className="button-label">Sign out</span>
        </button>
      </div>
    );
  }
  return (
    <div className="sign-in" data-testid="session">
      <button
        type="button"
        className="button small"
        aria-expanded={open}
        aria-label="Sign in"
        onClick={() => setOpen((value) => !value)}
      >
        <LogIn size={14} aria-hidden /> <span className="button-label">Sign in</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SignInForm
            onSignedIn={() => {
              setOpen(false);
              void revalidator.revalidate();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
