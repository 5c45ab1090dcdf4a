package oos

import (
	"context"
	"errors"
	"fmt"
	"time"

	"xiangzhi/generated/ent/fileobject"
)

// sweepBatch is how many expired files one query fetches.
const sweepBatch = 200

// cleanupLoop removes files past their deleteTime every cleanup interval
// until ctx ends: Close, or the App's own Close (the job runs under
// App.Context).
func (s *Service) cleanupLoop(ctx context.Context) {
	tick := time.NewTicker(s.settings.CleanupInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		n, err := s.sweep(ctx)
		if err != nil && !errors.Is(err, context.Canceled) {
			s.log.Warn("file cleanup failed", "removed", n, "err", err.Error())
		} else if n > 0 {
			s.log.Info("file cleanup", "removed", n)
		}
	}
}

// sweep removes every file whose deleteTime has passed: the object first,
// then its row, so a failure leaves the row to try again. It returns how
// many were removed.
func (s *Service) sweep(ctx context.Context) (int, error) {
	removed := 0
	var errs []error
	for {
		rows, err := s.ent.FileObject.Query().Where(fileobject.DeleteAtLTE(s.now())).
			Order(fileobject.ByID()).Limit(sweepBatch).All(ctx)
		if err != nil {
			return removed, fmt.Errorf("list expired files: %w", err)
		}
		progress := 0
		for _, row := range rows {
			if err := s.storage.Delete(ctx, row.Key); err != nil {
				errs = append(errs, err)
				continue
			}
			if err := s.ent.FileObject.DeleteOneID(row.ID).Exec(ctx); err != nil {
				errs = append(errs, fmt.Errorf("delete file row %d: %w", row.ID, err))
				continue
			}
			progress++
		}
		removed += progress
		if len(rows) < sweepBatch || progress == 0 {
			return removed, errors.Join(errs...)
		}
	}
}

// Close stops the cleanup job (a service from Open has none).
func (s *Service) Close() {
	if s.stop != nil {
		s.stop()
	}
}
