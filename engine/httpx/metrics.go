package httpx

import (
	"crypto/subtle"
	"database/sql"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"xiangzhi/engine/msg"
)

// Metrics holds the Prometheus registry of one server (its own, not the
// global default, so tests and several apps in one process never clash) and
// the HTTP collectors:
//
//	xz_http_requests_total{route,method,status}      counter
//	xz_http_request_duration_seconds{route,method}   histogram
//
// plus the Go runtime and process collectors and, once registered, the
// database pool gauges (NewDBCollector).
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// series keeps each (route, method, status)'s counter and histogram:
	// WithLabelValues hashes the label values and formats the status on
	// every request. The label sets are few (routes by pattern) and never
	// deleted, so the kept series stay the registry's.
	series sync.Map // seriesKey → *series
}

type seriesKey struct {
	route, method string
	status        int
}

type series struct {
	requests prometheus.Counter
	duration prometheus.Observer
}

// NewMetrics makes a registry with the HTTP, Go and process collectors.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "xz_http_requests_total",
			Help: "HTTP requests served, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "xz_http_request_duration_seconds",
			Help:    "Time to serve HTTP requests, by route pattern and method.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method"}),
	}
	m.reg.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry is the registry, for other packages' collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Middleware counts and times every request by route pattern (never by raw
// path, so the label set stays small; a module's routes count together
// under its base path, SetRouteGroup). It hands an error to the error
// handler first so the status counted is the one sent.
func (m *Metrics) Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			if err := next(c); err != nil {
				c.Error(err)
			}
			k := seriesKey{route: MetricsRoute(c), method: c.Request().Method, status: c.Response().Status}
			v, ok := m.series.Load(k)
			if !ok {
				v, _ = m.series.LoadOrStore(k, &series{
					requests: m.requests.WithLabelValues(k.route, k.method, strconv.Itoa(k.status)),
					duration: m.duration.WithLabelValues(k.route, k.method)})
			}
			sr := v.(*series)
			sr.requests.Inc()
			sr.duration.Observe(time.Since(start).Seconds())
			return nil
		}
	}
}

// Guarded serves the registry only to a scraper that shows token as a
// bearer token (when token is set) or that calls directly from loopback:
// a request carrying forwarding headers came through a proxy and is not
// taken for a local one, whatever its peer address. Everyone else gets 403.
func (m *Metrics) Guarded(token string) echo.HandlerFunc {
	serve := echo.WrapHandler(m.Handler())
	return func(c echo.Context) error {
		req := c.Request()
		if token != "" {
			got, ok := strings.CutPrefix(req.Header.Get(echo.HeaderAuthorization), "Bearer ")
			if ok && subtle.ConstantTimeCompare([]byte(got), []byte(token)) == 1 {
				return serve(c)
			}
		}
		if directLoopback(req) {
			return serve(c)
		}
		return NewError(http.StatusForbidden, msg.Forbidden)
	}
}

// directLoopback reports whether req came from this machine without a
// proxy in between.
func directLoopback(req *http.Request) bool {
	for _, h := range []string{echo.HeaderXForwardedFor, echo.HeaderXRealIP, "Forwarded"} {
		if req.Header.Get(h) != "" {
			return false
		}
	}
	host, _, err := net.SplitHostPort(req.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// StatsSource is what the database collector reads: *sql.DB has it.
type StatsSource interface {
	Stats() sql.DBStats
}

// NewDBCollector exposes the connection pool of db as xz_db_* metrics.
func NewDBCollector(db StatsSource) prometheus.Collector {
	return &dbCollector{db: db}
}

type dbCollector struct{ db StatsSource }

var (
	dbMaxOpen   = prometheus.NewDesc("xz_db_max_open_connections", "Maximum number of open connections to the database.", nil, nil)
	dbOpen      = prometheus.NewDesc("xz_db_open_connections", "Established connections, in use or idle.", nil, nil)
	dbInUse     = prometheus.NewDesc("xz_db_in_use_connections", "Connections currently in use.", nil, nil)
	dbIdle      = prometheus.NewDesc("xz_db_idle_connections", "Idle connections.", nil, nil)
	dbWaitCount = prometheus.NewDesc("xz_db_wait_count_total", "Connections waited for.", nil, nil)
	dbWaitSecs  = prometheus.NewDesc("xz_db_wait_duration_seconds_total", "Time blocked waiting for a new connection.", nil, nil)
	dbClosedMax = prometheus.NewDesc("xz_db_max_idle_closed_total", "Connections closed due to the idle limit.", nil, nil)
	dbClosedLT  = prometheus.NewDesc("xz_db_max_lifetime_closed_total", "Connections closed due to their maximum lifetime.", nil, nil)
)

// Describe sends the descriptors of the pool metrics.
func (d *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, desc := range []*prometheus.Desc{dbMaxOpen, dbOpen, dbInUse, dbIdle, dbWaitCount, dbWaitSecs, dbClosedMax, dbClosedLT} {
		ch <- desc
	}
}

// Collect reads sql.DBStats once and sends every pool metric.
func (d *dbCollector) Collect(ch chan<- prometheus.Metric) {
	s := d.db.Stats()
	gauge := func(desc *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(desc, prometheus.GaugeValue, v)
	}
	counter := func(desc *prometheus.Desc, v float64) {
		ch <- prometheus.MustNewConstMetric(desc, prometheus.CounterValue, v)
	}
	gauge(dbMaxOpen, float64(s.MaxOpenConnections))
	gauge(dbOpen, float64(s.OpenConnections))
	gauge(dbInUse, float64(s.InUse))
	gauge(dbIdle, float64(s.Idle))
	counter(dbWaitCount, float64(s.WaitCount))
	counter(dbWaitSecs, s.WaitDuration.Seconds())
	counter(dbClosedMax, float64(s.MaxIdleClosed))
	counter(dbClosedLT, float64(s.MaxLifetimeClosed))
}
