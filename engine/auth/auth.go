// Package auth is identity on the engine: the installation's login and
// token keys (kept in the setting table), password hashing and policy,
// signed tokens backed by server-side sessions, login with a throttle, an
// administrator's lock, two-factor codes (TOTP) and a login log, the viewer carried in the request context, and the Authorizer
// the engine's route table calls. It has no HTTP handlers and seeds
// nothing: the system module (modules/system) serves the login API, creates
// the first tenant, administrator and menus, and owns the permission codes.
package auth

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"xiangzhi/generated/ent"
)

// Permissions is what the service needs from the permission model
// (engine/authz implements it): the codes a user holds in a tenant, as a
// set that contains AllCodes for a super administrator, and the visit codes
// that go into the token's auth claim.
type Permissions interface {
	CodeSet(tenantID, userID int64) CodeSet
	VisitCodes(tenantID, userID int64) []string
}

// Options configure the service; zero values take the defaults.
type Options struct {
	// ThrottleWindow is how far back failed attempts count.
	ThrottleWindow time.Duration
	// AccountThreshold and AddressThreshold are the failures of one
	// account name and of one client address that start the delays.
	AccountThreshold, AddressThreshold int
	// ThrottleCap is the longest wait between two attempts.
	ThrottleCap time.Duration
	// TokenTTL is how long tokens and sessions live.
	TokenTTL time.Duration
	// Now is the clock; tests inject one.
	Now func() time.Time
	// Permissions gives viewers their codes; nil gives none.
	Permissions Permissions
	// Logger receives warnings; nil means slog.Default().
	Logger *slog.Logger
	// ViewerCacheTTL bounds how long an authenticated viewer is reused
	// (DefaultViewerCacheTTL when zero; negative turns the cache off).
	ViewerCacheTTL time.Duration
}

// Service is identity over the ent client: keys, tokens, sessions, login
// and viewers.
type Service struct {
	client   *ent.Client
	keys     *Keys
	tokens   *Tokens
	sessions *Sessions
	perms    Permissions
	opts     Options
	viewers  *viewerCache
	box      *secretBox
	chals    *challenges
}

// New loads (creating on first use) the installation's keys and returns the
// service. The core tables must already be migrated.
func New(ctx context.Context, client *ent.Client, opts Options) (*Service, error) {
	opts.throttleDefaults()
	if opts.TokenTTL <= 0 {
		opts.TokenTTL = DefaultTokenTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.ViewerCacheTTL == 0 {
		opts.ViewerCacheTTL = DefaultViewerCacheTTL
	}
	keys, err := LoadKeys(ctx, client)
	if err != nil {
		return nil, fmt.Errorf("load keys: %w", err)
	}
	box, err := newSecretBox(keys.SigningKey())
	if err != nil {
		return nil, err
	}
	// The dummy hash an unknown user is checked against is made now, so the
	// first unknown name does not cost a hash more than a known one.
	dummyHash()
	viewers := newViewerCache(opts.ViewerCacheTTL, opts.Now)
	client.Use(viewers.hook)
	return &Service{
		viewers:  viewers,
		box:      box,
		chals:    newChallenges(keys.SigningKey(), opts.Now),
		client:   client,
		keys:     keys,
		tokens:   NewTokens(keys.SigningKey(), opts.TokenTTL, opts.Now),
		sessions: NewSessions(client, opts.TokenTTL, opts.Now),
		perms:    opts.Permissions,
		opts:     opts,
	}, nil
}

// Keys are the installation's login and signing keys.
func (s *Service) Keys() *Keys { return s.keys }

// Tokens signs and parses tokens.
func (s *Service) Tokens() *Tokens { return s.tokens }

// Sessions is the session store (logout: Sessions().Revoke(viewer.SessionID)).
func (s *Service) Sessions() *Sessions { return s.sessions }

// PublicKeyPEM is the login public key served by GET /api/system/publicKey.
func (s *Service) PublicKeyPEM() string { return s.keys.PublicKeyPEM() }

// Decrypt decrypts a password the browser encrypted with the public key.
func (s *Service) Decrypt(b64 string) (string, error) { return s.keys.Decrypt(b64) }

func (s *Service) now() time.Time { return s.opts.Now() }

func (o *Options) throttleDefaults() {
	if o.ThrottleWindow <= 0 {
		o.ThrottleWindow = DefaultThrottleWindow
	}
	if o.AccountThreshold <= 0 {
		o.AccountThreshold = DefaultAccountThreshold
	}
	if o.AddressThreshold <= 0 {
		o.AddressThreshold = DefaultAddressThreshold
	}
	if o.ThrottleCap <= 0 {
		o.ThrottleCap = DefaultThrottleCap
	}
}
