// Package oos is the file part of the product at the specification's
// paths: uploads (/api/oos/uploadFile, and /api/oos/upload with a ticket
// from /api/oos/sts), signed file links (/api/oos/presignedUrl,
// /api/oos/presignedUrlNew, and the public /api/oos/file/… they point at),
// the picture review (/api/picReview/review), and the cleanup of files past
// their deleteTime. Storage, the upload rules and the review live in
// engine/files; uploaded files are recorded as ent FileObject rows.
package oos

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine"
	"xiangzhi/engine/auth"
	"xiangzhi/engine/files"
	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent"
)

// FileRoute is the path prefix of the public route that serves files by
// signed URL.
const FileRoute = "/api/oos/file/"

// ticketUploadPath is the public upload route that takes a ticket.
const ticketUploadPath = "/api/oos/upload"

// Service holds what every file handler needs.
type Service struct {
	ent      *ent.Client
	storage  files.Storage
	signer   *files.Signer
	reviewer files.Reviewer
	settings files.Settings
	// modules are the app's current modules (they change on reload).
	modules func() *schema.Set
	log     *slog.Logger
	now     func() time.Time
	// stop ends the cleanup job.
	stop context.CancelFunc
}

// routes is the route table of the file part.
func (s *Service) routes() []engine.Route {
	get, post := http.MethodGet, http.MethodPost
	return []engine.Route{
		{Method: post, Path: "/api/oos/uploadFile", Code: auth.SignedIn, Name: routeUploadFile, Handler: s.uploadFile},
		{Method: post, Path: ticketUploadPath, Public: true, Name: routeUploadWithTicket, Handler: s.uploadWithTicket},
		{Method: get, Path: "/api/oos/sts", Code: auth.SignedIn, Name: routeSts, Handler: s.sts},
		{Method: get, Path: "/api/oos/presignedUrl", Code: auth.SignedIn, Name: routePresignedURL, Handler: s.presignedURL},
		{Method: get, Path: "/api/oos/presignedUrlNew", Code: auth.SignedIn, Name: routePresignedURLNew, Handler: s.presignedURLNew},
		{Method: get, Path: FileRoute + "*", Public: true, Name: routeServeFile, Handler: s.serveFile},
		{Method: post, Path: "/api/picReview/review", Code: auth.SignedIn, Name: routeReview, Handler: s.review},
	}
}

// options are the knobs tests turn; Register uses the defaults.
type options struct {
	getenv func(string) string
	now    func() time.Time
	// reviewer replaces the configured one.
	reviewer files.Reviewer
}

// Register wires the file part into app: it reads the file settings from
// the environment (docs/files.md), makes sure the file table exists, loads
// (or creates, once per installation) the URL signing key from the setting
// table, opens the storage backend, starts the cleanup job and serves the
// routes. It must run after system.Register, whose engine.System checks the
// routes' codes.
func Register(app *engine.App) error {
	_, err := register(app, options{})
	return err
}

func register(app *engine.App, opts options) (*Service, error) {
	s, err := open(app, opts)
	if err != nil {
		return nil, err
	}
	jobCtx, stop := context.WithCancel(app.Context())
	s.stop = stop
	go s.cleanupLoop(jobCtx)
	app.AddRoutes("", s.routes()...)
	app.Logger().Info("files ready", "storage", s.settings.Backend, "dir", s.settings.Dir,
		"bucket", s.settings.S3.Bucket, "urlTTL", s.settings.URLTTL.String())
	return s, nil
}

// Open opens the file part of app without serving it: the settings, the
// file table, the signing key and the storage, but no routes and no
// cleanup job. Tools that keep files the way an upload does (Store) use
// it, e.g. `xiangzhi demo`.
func Open(app *engine.App) (*Service, error) {
	return open(app, options{})
}

func open(app *engine.App, opts options) (*Service, error) {
	if opts.getenv == nil {
		opts.getenv = os.Getenv
	}
	if opts.now == nil {
		opts.now = time.Now
	}
	settings, err := files.SettingsFromEnv(opts.getenv, app.Config().DataDir)
	if err != nil {
		return nil, fmt.Errorf("file settings: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st := app.Store()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(st.Dialect(), st.DB())))
	if err := client.Schema.Create(ctx); err != nil {
		return nil, fmt.Errorf("migrate file table: %w", err)
	}
	secret, err := signingKey(ctx, client)
	if err != nil {
		return nil, err
	}
	signer, err := files.NewSigner(secret, FileRoute)
	if err != nil {
		return nil, err
	}
	storage, err := settings.OpenStorage(ctx, signer, opts.now)
	if err != nil {
		return nil, err
	}
	reviewer := opts.reviewer
	if reviewer == nil {
		reviewer = files.NewReviewer(settings.Review)
	}
	return &Service{ent: client, storage: storage, signer: signer, reviewer: reviewer, settings: settings,
		modules: app.Modules, log: app.Logger(), now: opts.now}, nil
}
