// Package message is the product's messages: a message centre per user
// (list, unread count, mark read, delete), announcements an administrator
// sends to an organisation subtree or a role, messages the engine's events
// cause (a status action on a record someone created, a record assigned to
// a user), and the socket /message/websocket/{tenantId_userId} that pushes
// them as they come. Messages are stored first, with a per-user sequence
// number, then published on the engine's bus (engine/realtime), so every
// instance of a cluster delivers them to the sockets it holds and a socket
// that reconnects replays exactly what it missed. The same bus carries
// session revocation between instances (cluster.go).
package message

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/message"
	"xiangzhi/modules/system"
)

// CodeAnnounce is the permission code of sending announcements and direct
// messages (the page menu 发布公告 carries it).
const CodeAnnounce = system.CodeMessageAnnounce

// Base is the path prefix of the message calls.
const Base = "/message/api/message"

// identity is what the message part needs of the auth service: checking a
// socket's token again at every delivery, and the viewer cache that must
// follow revocations made on other instances.
type identity interface {
	Authenticate(ctx context.Context, token string) (*auth.Viewer, error)
	InvalidateViewers()
	ViewersGeneration() uint64
	OnViewersChanged(fn func())
}

// Service holds what every message handler needs.
type Service struct {
	app  *engine.App
	ent  *ent.Client
	ids  identity
	hub  *hub
	log  *slog.Logger
	opts Options
	// assigned are the modules onAssign is registered for.
	assignMu sync.Mutex
	assigned map[string]bool
	// tables publishes table changes (tables.go).
	tables *tableThrottler
	// seqs are the recipients' last message numbers (store.go).
	seqs seqCache
}

// Options are the socket's limits; zero values take the defaults.
type Options struct {
	// MaxConnsPerUser bounds the sockets one user holds on one instance
	// (tabs, devices); DefaultMaxConnsPerUser when zero.
	MaxConnsPerUser int
	// SendBuffer is how many frames may wait for a slow socket before it is
	// dropped; DefaultSendBuffer when zero.
	SendBuffer int
	// TableThrottle is the least time between two table-change frames
	// about one module of one tenant; tableThrottle when zero.
	TableThrottle time.Duration
	// OriginPatterns are the other hosts whose pages may open the socket
	// (coder/websocket patterns); the server's own host always may.
	OriginPatterns []string
}

// Defaults of Options.
const (
	DefaultMaxConnsPerUser = 8
	DefaultSendBuffer      = 256
	// maxReplay is the most messages a reconnect replays; a socket that
	// missed more is told to reload (frame "reset").
	maxReplay = 500
)

// routes is the route table of the message part.
func (s *Service) routes() []engine.Route {
	get, post, put, del := http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete
	in := auth.SignedIn
	return []engine.Route{
		{Method: get, Path: Base + "/getUserId", Code: in, Name: RouteGetUserID, Handler: s.getUserID},
		{Method: get, Path: Base + "/setUserMessage", Code: CodeAnnounce, Name: RouteSetUserMessage, Handler: s.setUserMessage},
		{Method: get, Path: Base + "/list", Code: in, Name: RouteList, Handler: s.list},
		{Method: get, Path: Base + "/unreadCount", Code: in, Name: RouteUnreadCount, Handler: s.unreadCount},
		{Method: put, Path: Base + "/readAll", Code: in, Name: RouteReadAll, Handler: s.readAll},
		{Method: put, Path: Base + "/:id/read", Code: in, Name: RouteRead, Handler: s.read},
		{Method: del, Path: Base + "/:id", Code: in, Name: RouteDelete, Handler: s.delete},
		{Method: post, Path: Base + "/announce", Code: CodeAnnounce, Name: RouteAnnounce, Handler: s.announce},
		{Method: get, Path: SocketPath + ":key", Code: in, Name: RouteSocket, Handler: s.socket},
	}
}

// Register wires the message part into app with the default limits. It
// must run after system.Register, which installs the auth service.
func Register(app *engine.App) error {
	_, err := register(app, Options{})
	return err
}

// RegisterService is Register, answering the service (the workbench counts
// unread messages through it).
func RegisterService(app *engine.App) (*Service, error) { return register(app, Options{}) }

// UnreadCount counts a user's unread messages.
func (s *Service) UnreadCount(ctx context.Context, tenantID, userID int64) (int, error) {
	return s.unread(ctx, tenantID, userID)
}

func register(app *engine.App, opts Options) (*Service, error) {
	holder, ok := app.System().(interface{ Auth() *auth.Service })
	if !ok {
		return nil, errors.New("message part needs the auth service: register system first")
	}
	var ids identity = holder.Auth()
	if opts.MaxConnsPerUser <= 0 {
		opts.MaxConnsPerUser = DefaultMaxConnsPerUser
	}
	if opts.SendBuffer <= 0 {
		opts.SendBuffer = DefaultSendBuffer
	}
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	s := &Service{app: app, ent: client, ids: ids, log: app.Logger(), opts: opts}
	s.hub = newHub(s)
	if err := s.joinBus(); err != nil {
		return nil, err
	}
	if err := s.followTables(); err != nil {
		return nil, err
	}
	app.ObserveTransitions(s.onTransition)
	s.followAssignments(app.Modules())
	app.OnModulesChanged(s.followAssignments)
	app.SetNotifier(s)
	app.Echo().Pre(tokenFromProtocol)
	app.AddRoutes("", s.routes()...)
	return s, nil
}

// followAssignments registers onAssign for the creates and updates of every
// module of set with a user field, once per module name. Only those: an
// after-commit hook makes the store read every written record back, which
// an import or the demo of a module without user fields need not pay.
func (s *Service) followAssignments(set *schema.Set) {
	s.assignMu.Lock()
	defer s.assignMu.Unlock()
	if s.assigned == nil {
		s.assigned = map[string]bool{}
	}
	for _, m := range set.Modules {
		if s.assigned[m.Name] || !hasUserField(m) {
			continue
		}
		s.assigned[m.Name] = true
		s.app.AfterCommit(m.Name, store.OpCreate, s.onAssign)
		s.app.AfterCommit(m.Name, store.OpUpdate, s.onAssign)
	}
}

// hasUserField reports whether m has a writable user field.
func hasUserField(m *schema.Module) bool {
	for _, f := range m.Fields {
		if f.Type == schema.TypeRef && f.Ref == schema.RefUser && !f.ReadOnly {
			return true
		}
	}
	return false
}

// Send stores drafts and publishes them to their recipients' sockets on
// every instance. It answers the stored messages; a failure to publish is
// logged, not returned: the messages are stored and a reconnecting socket
// or the message centre shows them.
func (s *Service) Send(ctx context.Context, drafts []Draft) ([]Message, error) {
	if len(drafts) == 0 {
		return nil, nil
	}
	msgs, err := s.store(ctx, drafts)
	if err != nil {
		return msgs, err
	}
	for _, m := range msgs {
		s.publish(ctx, m.tenantID, m.userID, frame{Type: frameMessage, Message: &m, Audience: m.audience})
	}
	return msgs, nil
}

// key is the socket path parameter of a user: {tenantId}_{userId}.
func key(tenantID, userID int64) string { return fmt.Sprintf("%d_%d", tenantID, userID) }

// Notify stores and pushes notices other parts of the product send through
// the engine (App.Notify): it is the engine.Notifier of the message part.
func (s *Service) Notify(ctx context.Context, notices []engine.Notice) error {
	drafts := make([]Draft, 0, len(notices))
	for _, n := range notices {
		kind := message.Kind(n.Kind)
		if message.KindValidator(kind) != nil {
			return fmt.Errorf("notify: unknown message kind %q", n.Kind)
		}
		drafts = append(drafts, Draft{TenantID: n.TenantID, RecipientID: n.RecipientID, SenderID: n.SenderID,
			Kind: kind, Title: n.Title, Body: n.Body, Module: n.Module, RecordID: n.RecordID, TaskID: n.TaskID})
	}
	_, err := s.Send(ctx, drafts)
	return err
}
