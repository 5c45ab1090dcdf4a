package engine

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// servePprof serves Go's profiler on addr (a loopback address, checked by
// the configuration) on a listener and mux of its own, so nothing of it is
// reachable through the public address, until ctx ends.
func servePprof(ctx context.Context, addr string, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("pprof listen %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	go srv.Serve(ln)
	log.Info("profiler listening", "addr", ln.Addr().String())
	return nil
}

// ServePprof serves the profiler on the configured loopback address
// (--pprof-addr) until ctx ends, for commands other than serve that are
// worth profiling (xiangzhi demo); nothing when no address is set.
func (a *App) ServePprof(ctx context.Context) error {
	if a.cfg.PprofAddr == "" {
		return nil
	}
	return servePprof(ctx, a.cfg.PprofAddr, a.log)
}
