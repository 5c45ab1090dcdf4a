package auth

import (
	"errors"
	"fmt"
	"net/http"

	"xiangzhi/engine/msg"
)

// Sentinel errors of the package. The errors it returns wrap one of them in
// an *Error that also carries the HTTP status and the Chinese message, so
// callers test with errors.Is and the HTTP layer answers without knowing
// this package.
var (
	// ErrBadCredentials: unknown user, wrong password, or unknown tenant.
	ErrBadCredentials = errors.New("bad username or password")
	// ErrLocked: an administrator locked the account.
	ErrLocked = errors.New("account locked")
	// ErrThrottled: the account name or the client address failed too
	// often of late and must wait before the next attempt.
	ErrThrottled = errors.New("sign-in attempts throttled")
	// ErrTOTPCode: a wrong, reused or expired two-factor or recovery code.
	ErrTOTPCode = errors.New("wrong two-factor code")
	// ErrChallenge: a two-factor step without a live sign-in challenge.
	ErrChallenge = errors.New("sign-in challenge invalid or expired")
	// ErrTOTPState: an enrolment step that does not fit the user's
	// two-factor state (already on, not started, not on).
	ErrTOTPState = errors.New("two-factor state does not allow this")
	// ErrDisabled: the user or the tenant is disabled.
	ErrDisabled = errors.New("account disabled")
	// ErrBadCiphertext: an encrypted password that does not decrypt.
	ErrBadCiphertext = errors.New("password ciphertext does not decrypt")
	// ErrPasswordPolicy: a new password that breaks the policy.
	ErrPasswordPolicy = errors.New("password breaks the policy")
	// ErrWrongPassword: the old or current password given to confirm a
	// change is wrong.
	ErrWrongPassword = errors.New("confirmation password is wrong")
	// ErrInvalidToken: a missing, malformed, forged or expired token.
	ErrInvalidToken = errors.New("invalid token")
	// ErrSessionEnded: a well-signed token whose session is revoked,
	// expired or unknown.
	ErrSessionEnded = errors.New("session ended")
	// ErrForbidden: the viewer lacks the permission code a call needs.
	ErrForbidden = errors.New("permission denied")
	// ErrMustChangePassword: the session may only change its password.
	ErrMustChangePassword = errors.New("password must be changed first")
)

// Error is an error of this package that reaches people: the sentinel it
// wraps, the HTTP status and the Chinese message.
type Error struct {
	Status  int
	Message string
	Err     error
}

// Error describes the error for logs.
func (e *Error) Error() string { return fmt.Sprintf("auth: %v", e.Err) }

// Unwrap returns the sentinel.
func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status the error answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// PublicMessage is the Chinese text shown to people.
func (e *Error) PublicMessage() string { return e.Message }

func newError(status int, text string, err error) *Error {
	return &Error{Status: status, Message: text, Err: err}
}

func badCredentials() error {
	return newError(http.StatusBadRequest, msg.BadCredentials, ErrBadCredentials)
}

// lockedError refuses a right password of an account an administrator
// locked.
func lockedError() error {
	return newError(http.StatusLocked, msg.AccountLocked, ErrLocked)
}

// throttledError refuses an attempt inside a throttle's wait: 429 with the
// same text for every name, existing or not.
func throttledError() error {
	return newError(http.StatusTooManyRequests, msg.LoginThrottled, ErrThrottled)
}

func totpCodeWrong() error {
	return newError(http.StatusBadRequest, msg.TOTPCodeWrong, ErrTOTPCode)
}

func challengeError(cause error) error {
	return newError(http.StatusBadRequest, msg.TOTPChallengeExpired, fmt.Errorf("%w: %v", ErrChallenge, cause))
}

func totpStateError(text string) error {
	return newError(http.StatusBadRequest, text, ErrTOTPState)
}

func disabledError(status int) error {
	return newError(status, msg.AccountDisabled, ErrDisabled)
}

func badCiphertext(cause error) error {
	return newError(http.StatusBadRequest, msg.PasswordDecryptFailed,
		fmt.Errorf("%w: %v", ErrBadCiphertext, cause))
}

func invalidToken(cause error) error {
	return newError(http.StatusUnauthorized, msg.Unauthorized,
		fmt.Errorf("%w: %v", ErrInvalidToken, cause))
}

func sessionEnded() error {
	return newError(http.StatusUnauthorized, msg.Unauthorized, ErrSessionEnded)
}

// PolicyError is the refusal of a password that breaks the policy: a 400
// with the specification's exact message.
func PolicyError() error {
	return newError(http.StatusBadRequest, msg.PasswordPolicy, ErrPasswordPolicy)
}
