// Package realtime is the bus that carries what one instance of the server
// must tell the others (and its own sockets) at once: a user's new
// messages and cluster signals such as a revoked session or a changed
// module. Bus is the one interface; Local is the in-process bus (the
// default: one binary, nothing to install) and NATS carries the same
// subjects between instances through a NATS server (XZ_NATS_URL).
//
// The bus is a fan-out, not a store: what must not be lost is stored first
// (messages carry a per-user sequence number in the database) and the bus
// only says "look now". Delivery is at most once per subscriber on the bus
// and at least once end to end, because a socket that reconnects replays
// from the database.
package realtime

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Bus publishes data on subjects and calls subscribers whose pattern
// matches. Subjects are dot-separated tokens; a pattern's last token may be
// ">" (one or more tokens) and any token "*" (exactly one), as in NATS.
// A handler must not block: it runs on the bus's delivery goroutine.
type Bus interface {
	// Publish sends data on subject to the subscribers of every instance.
	Publish(ctx context.Context, subject string, data []byte) error
	// Subscribe calls fn for every message on a subject matching pattern
	// until the returned function is called.
	Subscribe(pattern string, fn Handler) (unsubscribe func(), err error)
	// Close ends every subscription and releases the connection.
	Close() error
}

// Handler receives one message of a subscription.
type Handler func(subject string, data []byte)

// Subjects of the bus.
const (
	// AllUsers matches every user subject (UserSubject).
	AllUsers = "xz.user.>"
	// AllSignals matches every signal subject (SignalSubject).
	AllSignals = "xz.signal.>"
)

// Signals carried between instances.
const (
	// SignalViewers says identity data changed (a session revoked, a user
	// disabled, a role edited): drop every cached viewer.
	SignalViewers = "viewers"
	// SignalModules says a module definition changed: reload the modules.
	SignalModules = "modules"
)

// UserSubject is the subject of the messages of a user of a tenant.
func UserSubject(tenantID, userID int64) string {
	return "xz.user." + strconv.FormatInt(tenantID, 10) + "." + strconv.FormatInt(userID, 10)
}

// ParseUserSubject reads the tenant and user out of a UserSubject.
func ParseUserSubject(subject string) (tenantID, userID int64, err error) {
	parts := strings.Split(subject, ".")
	if len(parts) != 4 || parts[0] != "xz" || parts[1] != "user" {
		return 0, 0, fmt.Errorf("not a user subject: %q", subject)
	}
	if tenantID, err = strconv.ParseInt(parts[2], 10, 64); err != nil {
		return 0, 0, fmt.Errorf("user subject %q: tenant: %w", subject, err)
	}
	if userID, err = strconv.ParseInt(parts[3], 10, 64); err != nil {
		return 0, 0, fmt.Errorf("user subject %q: user: %w", subject, err)
	}
	return tenantID, userID, nil
}

// SignalSubject is the subject of a cluster signal of the given kind.
func SignalSubject(kind string) string { return "xz.signal." + kind }

// SignalKind is the kind of a SignalSubject ("" for another subject).
func SignalKind(subject string) string {
	kind, ok := strings.CutPrefix(subject, "xz.signal.")
	if !ok {
		return ""
	}
	return kind
}

// Open returns the bus a configuration asks for: the NATS bus when url is
// set, else a new in-process bus.
func Open(url, name string) (Bus, error) {
	if url == "" {
		return NewLocal(), nil
	}
	return DialNATS(url, name)
}

// match reports whether subject matches pattern (NATS wildcards).
func match(pattern, subject string) bool {
	p, s := strings.Split(pattern, "."), strings.Split(subject, ".")
	for i, tok := range p {
		if tok == ">" {
			return len(s) > i
		}
		if i >= len(s) || (tok != "*" && tok != s[i]) {
			return false
		}
	}
	return len(p) == len(s)
}
