// The sign-in in progress between the password step and the two-factor step (memory only: a reload
// starts the sign-in again, and the challenge lives five minutes on the server anyway).

import { create } from "zustand";
import type { TotpChallenge } from "../api/totpAnswer";

export interface SignInState {
  challenge: TotpChallenge | null;
  /** The password step passed and a code must follow. */
  challenged: (c: TotpChallenge) => void;
  /** Back to the password step (a new sign-in, an expired challenge, success). */
  challengeCleared: () => void;
}

export const useSignInStore = create<SignInState>()((set) => ({
  challenge: null,
  challenged: (challenge) => set({ challenge }),
  challengeCleared: () => set({ challenge: null }),
}));
