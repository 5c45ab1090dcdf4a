// Package engine is the generic runtime of Xiangzhi: App ties together the
// configuration, the store, the module schemas, the echo server with its
// middleware, the route table, the module dispatcher (engine/crud), the
// embedded console and the schema hot reload. It knows nothing of villages:
// the product's hand-written parts register through modules.Register(app).
package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine/config"
	"xiangzhi/engine/crud"
	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/realtime"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// App is one running Xiangzhi server.
type App struct {
	cfg      config.Config
	log      *slog.Logger
	store    *store.Store
	echo     *echo.Echo
	crud     *crud.Dispatcher
	metrics  *httpx.Metrics
	console  *httpx.Console
	system   atomic.Pointer[systemBox]
	bus      realtime.Bus // messages and cluster signals (cluster.go)
	notifier atomic.Pointer[notifierBox]
	// openTasks counts a viewer's open workflow tasks (dashboards.go).
	openTasks atomic.Pointer[OpenTasks]
	id        string // this instance, to tell its own signals apart

	mu     sync.Mutex // guards routes and hooks
	routes []Route
	hooks  []func(*schema.Set)

	source   ModuleSource // modules kept outside the schemas tree (SetModuleSource)
	reloadMu sync.Mutex   // one reload at a time
	// peerQueued is set while a reload for peers' signals waits to start:
	// the signals that arrive meanwhile are served by that reload.
	peerQueued atomic.Bool
	loaded     atomic.Value // string: fingerprint of the schemas directory last loaded

	doc apiDoc // the API document, built on demand

	ctx  context.Context // cancelled by Close
	stop context.CancelFunc
	// ready is closed when New has built the server: a peer's module signal
	// that arrives during start-up waits for it (the bus is joined before
	// the first load so that no change is missed).
	ready chan struct{}
}

// New opens the store, loads the schema set (the embedded tree, or
// cfg.SchemasDir when set), migrates every module table (unless
// cfg.SkipMigrate) and builds the HTTP server. Schema files with problems
// are logged with file:line and left out; the rest are served.
func New(cfg config.Config) (*App, error) {
	started := time.Now()
	a := &App{cfg: cfg, log: cfg.Logger, ready: make(chan struct{})}
	a.ctx, a.stop = context.WithCancel(context.Background())
	if a.log == nil {
		a.log = slog.Default()
	}
	if cfg.SchemasDir != "" {
		if st, err := os.Stat(cfg.SchemasDir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("schemas dir %q: not a directory", cfg.SchemasDir)
		}
	} else if cfg.SchemasFS == nil {
		return nil, errors.New("no schemas: set SchemasDir or SchemasFS")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st, err := store.Open(ctx, cfg.DBURL, cfg.DataDir, store.WithOrgPaths(a.OrgPath))
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	a.store = st
	if err := a.joinCluster(); err != nil {
		st.Close()
		return nil, err
	}
	opened := time.Now()
	a.markLoaded()
	set, errs := a.load()
	a.logLoadErrors(errs)
	loaded := time.Now()
	var migrated []string
	if !cfg.SkipMigrate {
		// No time limit: after an upgrade that changes an index, building it
		// on a table of a large county takes minutes (74 s for the statistics
		// indexes at 500,000 villagers on a loaded machine), and a start that
		// gave up half-way would only start it again.
		if migrated, err = st.MigrateChanged(a.ctx, set.Modules); err != nil {
			a.Close()
			return nil, err
		}
	}
	a.log.Info("start-up", "openStoreMs", opened.Sub(started).Milliseconds(), "loadSchemasMs", loaded.Sub(opened).Milliseconds(),
		"migrateMs", time.Since(loaded).Milliseconds(), "modules", len(set.Modules), "migrated", len(migrated))
	a.crud = crud.New(crud.Options{Store: st, Authorizer: appAuthorizer{a}, Logger: a.log, MaxBody: cfg.MaxBodyBytes,
		MaxExports: cfg.MaxExports, ExportWait: cfg.ExportWait})
	a.crud.Swap(set)
	a.metrics = httpx.NewMetrics()
	if err := a.metrics.Registry().Register(httpx.NewDBCollector(st.DB())); err != nil {
		a.Close()
		return nil, fmt.Errorf("register db metrics: %w", err)
	}
	a.console = httpx.NewConsole(cfg.ConsoleFS)
	a.console.Allow(consoleOrigins(cfg))
	a.buildServer()
	for _, m := range set.Modules {
		a.log.Info("module loaded", "name", m.Name, "api", m.API, "table", m.TableName())
	}
	close(a.ready)
	return a, nil
}

// schemaSource is the file system and root the schema set loads from.
func (a *App) schemaSource() (fs.FS, string) {
	if a.cfg.SchemasDir != "" {
		return os.DirFS(a.cfg.SchemasDir), "."
	}
	return a.cfg.SchemasFS, "."
}

func (a *App) load() (*schema.Set, []*schema.LoadError) {
	set, errs, _ := a.loadAll()
	return set, errs
}

// loadAll loads the schemas tree with the modules of the module source;
// srcErr is the source's failure (the tree is loaded without it).
func (a *App) loadAll() (set *schema.Set, errs []*schema.LoadError, srcErr error) {
	fsys, root := a.schemaSource()
	var extra map[string][]byte
	a.mu.Lock()
	src := a.source
	a.mu.Unlock()
	if src != nil {
		ctx, cancel := context.WithTimeout(a.ctx, time.Minute)
		extra, srcErr = src(ctx)
		cancel()
		if srcErr != nil {
			a.log.Error("module source failed", "err", srcErr.Error())
		}
	}
	set, errs = schema.LoadFSWith(fsys, root, extra)
	if set == nil {
		set = &schema.Set{Dicts: map[string]*schema.Dict{}}
	}
	return set, errs, srcErr
}

// logLoadErrors logs each schema problem as file:line: field: problem.
func (a *App) logLoadErrors(errs []*schema.LoadError) {
	for _, e := range errs {
		a.log.Error("schema error", "error", e.Error(), "file", e.File, "line", e.Line)
	}
}

// buildServer makes the echo server: middleware, system routes, and the
// catch-all that serves modules and the console.
func (a *App) buildServer() {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = httpx.ErrorHandler(a.log)
	e.IPExtractor = ipExtractor(a.cfg.TrustedProxies)
	e.Pre(httpx.MethodOverride())
	e.Use(httpx.RequestIDs(), httpx.AccessLog(a.log), a.metrics.Middleware(), httpx.Compress(), httpx.Recover(a.log))
	a.echo = e
	a.AddRoutes("", a.systemRoutes()...)
	a.AddRoutes("", a.dashboardRoutes()...)
	e.Any("/*", a.fallback)
}

// Handler is the whole server as an http.Handler (for httptest).
func (a *App) Handler() http.Handler { return a.echo }

// Echo is the echo server, for what the route table cannot say (a
// websocket's handshake). Authorization, labels and the operation log go
// through the System, never through middleware added here.
func (a *App) Echo() *echo.Echo { return a.echo }

// Store is the module record store.
func (a *App) Store() *store.Store { return a.store }

// Modules is the schema set being served now.
func (a *App) Modules() *schema.Set { return a.crud.Set() }

// FirstPage reads the page of m's records a list page opening on criteria
// asks for, as GET {api} answers the request's user (crud.Dispatcher.FirstPage).
func (a *App) FirstPage(c echo.Context, m *schema.Module, criteria url.Values) (url.Values, *store.Page, bool, error) {
	return a.crud.FirstPage(c, m, criteria)
}

// BeforeWrite makes fn run inside the transaction of every op write of the
// module named module, whichever route writes (store.HookFunc); several
// hooks run in registration order.
func (a *App) BeforeWrite(module string, op store.Op, fn store.HookFunc) {
	a.store.BeforeWrite(module, op, fn)
}

// AfterCommit makes fn run once after every committed op write of the
// module named module (store.HookFunc), never after a rollback.
func (a *App) AfterCommit(module string, op store.Op, fn store.HookFunc) {
	a.store.AfterCommit(module, op, fn)
}

// OnTransition makes fn run after every status action of the module named
// module, whichever route runs it (crud.AfterTransition, an AfterCommit
// hook of store.OpTransition).
func (a *App) OnTransition(module string, fn crud.AfterTransition) { a.crud.OnTransition(module, fn) }

// ObserveTransitions makes fn learn of every status action of every
// module after it committed (crud.TransitionObserver), beside the
// modules' own OnTransition hooks.
func (a *App) ObserveTransitions(fn crud.TransitionObserver) { a.crud.ObserveTransitions(fn) }

// Transition runs a status action and the module's AfterTransition hook:
// what a hand-written route calls instead of Store().Transition.
func (a *App) Transition(ctx context.Context, m *schema.Module, sc store.Scope, id int64, act schema.Action,
	comment string) (store.Record, error) {
	return a.crud.Transition(ctx, m, sc, id, act, comment)
}

// Config is the configuration the app runs with.
func (a *App) Config() config.Config { return a.cfg }

// Logger is the app's logger.
func (a *App) Logger() *slog.Logger { return a.log }

// Migrate migrates every served module's tables; drop also removes columns
// and indexes the schemas no longer declare.
func (a *App) Migrate(ctx context.Context, drop bool) error {
	for _, m := range a.Modules().Modules {
		if err := a.store.Migrate(ctx, m, drop); err != nil {
			return fmt.Errorf("migrate %s: %w", m.Name, err)
		}
		a.log.Info("module migrated", "name", m.Name, "table", m.TableName(), "drop", drop)
	}
	return nil
}

// Serve listens on the configured address and serves until ctx is
// cancelled, then shuts down gracefully (requests in flight get
// ShutdownTimeout to finish). With a schemas directory it also watches it
// for changes.
func (a *App) Serve(ctx context.Context) error {
	if a.currentSystem() == nil {
		return errors.New("serve: no system registered (see App.RegisterSystem)")
	}
	ln, err := net.Listen("tcp", a.cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", a.cfg.Addr, err)
	}
	srv := &http.Server{
		Handler:           a.echo,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
	}
	a.log.Info("listening", "addr", ln.Addr().String(), "console", a.console.Built())
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	if a.cfg.PprofAddr != "" {
		if err := servePprof(watchCtx, a.cfg.PprofAddr, a.log); err != nil {
			return err
		}
	}
	if a.cfg.SchemasDir != "" {
		go a.Watch(watchCtx)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	// Start-up's garbage (module files parsed, tables inspected) is many
	// times what the server keeps: give it back to the system now rather
	// than over the scavenger's minutes (idle memory, docs/performance.md).
	go debug.FreeOSMemory()
	TuneGC()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	timeout := a.cfg.ShutdownTimeout
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	sctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	a.log.Info("shutting down")
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// Close releases the bus and the database.
func (a *App) Close() error {
	a.stop()
	return errors.Join(a.bus.Close(), a.store.Close())
}

// Context lives as long as the App: it is cancelled by Close. Background
// jobs of hand-written parts (file cleanup, message fan-out) run under it.
func (a *App) Context() context.Context { return a.ctx }

// ipExtractor believes X-Forwarded-For only from the configured proxies;
// with none, the client address is the TCP peer.
func ipExtractor(proxies []*net.IPNet) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range proxies {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}

// consoleOrigins are the origins the console's pages load from besides
// their own: the map tiles and place search of the configuration, and an
// S3 store whose signed links show pictures and play video.
func consoleOrigins(cfg config.Config) httpx.Origins {
	o := httpx.Origins{Images: []string{httpx.OriginOf(cfg.MapTileURL)}, Connect: []string{httpx.OriginOf(cfg.MapGeocoderURL)}}
	if fs, err := files.SettingsFromEnv(os.Getenv, cfg.DataDir); err == nil && fs.Backend == files.BackendS3 {
		store := fs.S3.Endpoint
		if httpx.OriginOf(store) == "" && store != "" {
			scheme := "http://"
			if fs.S3.UseSSL {
				scheme = "https://"
			}
			store = scheme + store
		}
		origin := httpx.OriginOf(store)
		o.Images, o.Media = append(o.Images, origin), append(o.Media, origin)
	}
	return o
}

// The collector's settings while serving, unless GOGC or GOMEMLIMIT set
// them. A list page allocates ≈ 100 KB, nearly all garbage by the time it
// is written; at GOGC 100 over a live heap of 20–40 MB the collector ran
// every few hundred requests and took ≈ 10% of a list's CPU. With twice
// the headroom it runs half as often; the soft limit keeps the heap from
// growing past what GOGC 100 reached under the county bench's exports
// (docs/performance.md, fifth round "rows").
const (
	serveGCPercent   = 200
	serveMemoryLimit = 150 << 20
)

// TuneGC applies the collector's serving settings, as Serve does, unless
// GOGC or GOMEMLIMIT set them: for benchmarks that measure the server's
// handler in process.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(serveGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(serveMemoryLimit)
	}
}
