package realtime

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
)

// NATS is the bus over a NATS server, so that every instance of a cluster
// sees what any one publishes. It uses core NATS subjects (no JetStream):
// what must survive is stored in the database before it is published.
type NATS struct {
	nc *nats.Conn
	// ns is put before every subject on the server ("" for none), so that
	// several installations (or test runs) can share one NATS server.
	ns string
}

// DialNATS connects to the NATS server at url (nats://host:4222, with
// user:password@ when the server asks for them), naming the connection
// name. A namespace, given as the URL's query parameter ns
// (nats://host:4222?ns=village1), is put before every subject on the server,
// so that installations sharing a server do not hear each other. The
// connection reconnects forever; messages published while it is down are
// buffered up to the client's limit.
func DialNATS(rawURL, name string) (*NATS, error) {
	url, ns, err := splitNamespace(rawURL)
	if err != nil {
		return nil, err
	}
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(500*time.Millisecond),
		nats.Timeout(5*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("connect to nats %s: %w", redact(url), err)
	}
	return &NATS{nc: nc, ns: ns}, nil
}

// Publish sends data on subject.
func (n *NATS) Publish(_ context.Context, subject string, data []byte) error {
	if err := n.nc.Publish(n.ns+subject, data); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

// Subscribe calls fn for every message matching pattern. The subscription
// is registered with the server before Subscribe returns, so a message
// published afterwards by any instance reaches it.
func (n *NATS) Subscribe(pattern string, fn Handler) (func(), error) {
	sub, err := n.nc.Subscribe(n.ns+pattern, func(m *nats.Msg) { fn(strings.TrimPrefix(m.Subject, n.ns), m.Data) })
	if err != nil {
		return nil, fmt.Errorf("subscribe %s: %w", pattern, err)
	}
	// A slow handler must not make the server cut the connection: allow a
	// generous backlog for this subscription, then drop (and count) the rest.
	if err := sub.SetPendingLimits(1<<16, 64<<20); err != nil {
		return nil, fmt.Errorf("subscribe %s: %w", pattern, err)
	}
	if err := n.nc.Flush(); err != nil {
		return nil, fmt.Errorf("subscribe %s: flush: %w", pattern, err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}

// Close drains nothing: it ends the subscriptions and the connection.
func (n *NATS) Close() error {
	n.nc.Close()
	return nil
}

// Connected reports whether the connection to the server is up now.
func (n *NATS) Connected() bool { return n.nc.IsConnected() }

// splitNamespace takes the ns query parameter out of a NATS URL and
// answers it as a subject prefix ("village1." for ns=village1).
func splitNamespace(raw string) (string, string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", "", fmt.Errorf("nats url: %w", err)
	}
	q := u.Query()
	ns := q.Get("ns")
	if strings.ContainsAny(ns, ".*> \t") {
		return "", "", fmt.Errorf("nats url: namespace %q: want letters, digits, - or _", ns)
	}
	q.Del("ns")
	u.RawQuery = q.Encode()
	if ns != "" {
		ns += "."
	}
	return u.String(), ns, nil
}

// redact hides the password of a URL for errors and logs.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable url)"
	}
	return u.Redacted()
}
