package realtime

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/nats-io/nats.go"
)

// NATS is the bus over a NATS server, so that every instance of a cluster
// sees what any one publishes. It uses core NATS subjects (no JetStream):
// what must survive is stored in the database before it is published.
type NATS struct {
	nc *nats.Conn
}

// DialNATS connects to the NATS server at url (nats://host:4222, with
// user:password@ when the server asks for them), naming the connection
// name. The connection reconnects forever; messages published while it is
// down are buffered up to the client's limit.
func DialNATS(url, name string) (*NATS, error) {
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(500*time.Millisecond),
		nats.Timeout(5*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("connect to nats %s: %w", redact(url), err)
	}
	return &NATS{nc: nc}, nil
}

// Publish sends data on subject.
func (n *NATS) Publish(_ context.Context, subject string, data []byte) error {
	if err := n.nc.Publish(subject, data); err != nil {
		return fmt.Errorf("publish %s: %w", subject, err)
	}
	return nil
}

// Subscribe calls fn for every message matching pattern. The subscription
// is registered with the server before Subscribe returns, so a message
// published afterwards by any instance reaches it.
func (n *NATS) Subscribe(pattern string, fn Handler) (func(), error) {
	sub, err := n.nc.Subscribe(pattern, func(m *nats.Msg) { fn(m.Subject, m.Data) })
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

// redact hides the password of a URL for errors and logs.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable url)"
	}
	return u.Redacted()
}
