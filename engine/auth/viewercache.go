package auth

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/user"
)

// DefaultViewerCacheTTL bounds how long a checked session and its viewer are
// reused without asking the database. Every change this instance makes to
// identity tables (sessions, users, roles, grants, organisations, tenants)
// drops the whole cache at once, so logout, password change and role edits
// take effect on the next request here; on other instances within this TTL.
const DefaultViewerCacheTTL = 2 * time.Second

// identityTypes are the ent types whose mutation can change any viewer.
var identityTypes = map[string]bool{
	ent.TypeSession: true, ent.TypeUser: true, ent.TypeRole: true, ent.TypeUserRole: true,
	ent.TypeRoleMenu: true, ent.TypeMenu: true, ent.TypeOrg: true, ent.TypeUserOrg: true,
	ent.TypeTenant: true,
}

// viewerCache keeps recently authenticated viewers by session id. A
// generation counter, bumped on every identity mutation, invalidates all
// entries at once without walking them.
type viewerCache struct {
	ttl time.Duration
	now func() time.Time
	gen atomic.Uint64
	m   sync.Map // jti → cachedViewer
	// changed, when set, learns of every identity mutation made here (the
	// message part tells the other instances of a cluster).
	changed atomic.Pointer[func()]
}

type cachedViewer struct {
	v     *Viewer
	until time.Time
	gen   uint64
}

func newViewerCache(ttl time.Duration, now func() time.Time) *viewerCache {
	return &viewerCache{ttl: ttl, now: now}
}

// get returns a copy of the cached viewer of a session, if still good.
func (c *viewerCache) get(jti string) *Viewer {
	if c.ttl <= 0 {
		return nil
	}
	e, ok := c.m.Load(jti)
	if !ok {
		return nil
	}
	cv := e.(cachedViewer)
	if cv.gen != c.gen.Load() || !c.now().Before(cv.until) {
		c.m.Delete(jti)
		return nil
	}
	v := *cv.v
	return &v
}

// put remembers a viewer under the generation read before it was loaded,
// so a mutation that raced with the load makes the entry stale at once.
func (c *viewerCache) put(jti string, v *Viewer, gen uint64) {
	if c.ttl <= 0 {
		return
	}
	c.m.Store(jti, cachedViewer{v: v, until: c.now().Add(c.ttl), gen: gen})
}

// invalidate drops every cached viewer.
func (c *viewerCache) invalidate() {
	c.gen.Add(1)
	c.m.Clear()
}

// hook is the ent mutation hook that invalidates the cache whenever an
// identity table changes through this client.
func (c *viewerCache) hook(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		v, err := next.Mutate(ctx, m)
		if identityTypes[m.Type()] {
			c.invalidate()
			if fn := c.changed.Load(); fn != nil && !signInOnly(m) {
				(*fn)()
			}
		}
		return v, err
	})
}

// signInBookkeeping are the user fields a sign-in writes. They change no
// viewer of another session (must_change_password is written again with
// the value the new session needs; a password change ends the other
// sessions through the session table, which is signalled).
var signInBookkeeping = map[string]bool{
	user.FieldLastLogin: true, user.FieldThrottleSince: true, user.FieldUpdatedAt: true,
	user.FieldMustChangePassword: true,
}

// signInOnly reports whether a mutation only records a sign-in (a new
// session, the last-login time, the failure count): other instances need
// not drop their viewers for it.
func signInOnly(m ent.Mutation) bool {
	if m.Type() == ent.TypeSession && m.Op().Is(ent.OpCreate) {
		return true
	}
	if m.Type() != ent.TypeUser || !m.Op().Is(ent.OpUpdate|ent.OpUpdateOne) {
		return false
	}
	for _, f := range append(m.Fields(), m.ClearedFields()...) {
		if !signInBookkeeping[f] {
			return false
		}
	}
	return true
}

// OnViewersChanged makes fn run after every identity mutation made through
// this service's ent client (after the local cache was emptied), except
// those that only record a sign-in, so that other instances can be told to
// drop theirs (InvalidateViewers).
func (s *Service) OnViewersChanged(fn func()) { s.viewers.changed.Store(&fn) }
