package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"xiangzhi/engine/query"
	"xiangzhi/engine/schema"
)

// The 1M-row benchmarks only run under -bench (go test alone skips every
// Benchmark). They build the table once, in $XZ_BENCH_DIR or the temp dir,
// and reuse it: the first run takes a minute or two.
//
//	go test ./engine/store -run '^$' -bench List1M -benchtime 5s -cpu 2
const benchRows = 1_000_000

var (
	surnames = []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
	given    = []rune("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉兰萍建华红梅鑫波斌宇浩凯健俊帆帅旭宁龙林欣佳琳颖倩婷雪慧晶玲燕文辉力明永健世广志义兴良海山仁波宁贵福生龙元全国胜学祥才发武新利清飞彬富顺信子杰涛昌成康星光天达安岩中茂进有坚和彪博诚先敬震振壮会思群豪心邦承乐绍功松善厚庆磊民友裕河哲江超浩亮政谦亨奇固之轮翰朗伯宏言若鸣朋斌梁栋维启克伦翔旭鹏泽晨辰士以建家致树炎德行时泰盛雄琛钧冠策腾楠榕风航弘")
)

func benchName(r *rand.Rand) string {
	n := 1 + r.IntN(2)
	b := []rune{surnames[r.IntN(len(surnames))]}
	for range n {
		b = append(b, given[r.IntN(len(given))])
	}
	return string(b)
}

// benchDB is one shared 1M-row database.
type benchDB struct {
	once sync.Once
	s    *Store
	err  error
}

var benchSQLite, benchPostgres benchDB

// bench1M opens the shared 1M-row SQLite database, building it if needed.
func bench1M(b *testing.B) (*Store, *schema.Module) {
	b.Helper()
	m := testModule()
	benchSQLite.once.Do(func() {
		dir := os.Getenv("XZ_BENCH_DIR")
		if dir == "" {
			dir = filepath.Join(os.TempDir(), "xz_bench_1m_v3")
		}
		_, statErr := os.Stat(filepath.Join(dir, DefaultFile))
		benchSQLite.s, benchSQLite.err = openBench(context.Background(), "", dir, m, statErr != nil)
	})
	if benchSQLite.err != nil {
		b.Fatal(benchSQLite.err)
	}
	return benchSQLite.s, m
}

// bench1MPostgres is bench1M on PostgreSQL: the schema xz_bench_1m_v3 of
// the XZ_TEST_POSTGRES database, kept between runs.
func bench1MPostgres(b *testing.B) (*Store, *schema.Module) {
	b.Helper()
	base := os.Getenv("XZ_TEST_POSTGRES")
	if base == "" {
		b.Skip("XZ_TEST_POSTGRES not set")
	}
	m := testModule()
	benchPostgres.once.Do(func() {
		const name = "xz_bench_1m_v3"
		admin, err := sql.Open("pgx", base)
		if err != nil {
			benchPostgres.err = err
			return
		}
		defer admin.Close()
		var exists bool
		admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", name).Scan(&exists)
		if !exists {
			if _, benchPostgres.err = admin.Exec("CREATE SCHEMA " + name); benchPostgres.err != nil {
				return
			}
		}
		u, _ := url.Parse(base)
		q := u.Query()
		q.Set("search_path", name)
		u.RawQuery = q.Encode()
		benchPostgres.s, benchPostgres.err = openBench(context.Background(), u.String(), "", m, !exists)
		if benchPostgres.err == nil && !exists {
			_, benchPostgres.err = benchPostgres.s.db.Exec("ANALYZE")
		}
	})
	if benchPostgres.err != nil {
		b.Fatal(benchPostgres.err)
	}
	return benchPostgres.s, m
}

func openBench(ctx context.Context, dbURL, dir string, m *schema.Module, fill bool) (*Store, error) {
	s, err := Open(ctx, dbURL, dir)
	if err != nil {
		return nil, err
	}
	if err := s.Migrate(ctx, m, false); err != nil || !fill {
		return s, err
	}
	return s, fillBench(s, m)
}

// fillBench inserts benchRows rows with multi-row INSERTs: 60 orgs in
// 6 towns, names from common characters, dates over three years.
func fillBench(s *Store, m *schema.Module) error { return fillBenchN(s, m, benchRows, true) }

// fillBenchN is fillBench with rows rows (a multiple of 1000), rebuilding
// the gram indexes only with grams (the statistics need none).
func fillBenchN(s *Store, m *schema.Module, rows int, grams bool) error {
	mt := s.metaOf(m)
	r := rand.New(rand.NewPCG(1, 2))
	cols := []string{colTenant, colOrg, colOrgPath, colCreatedBy, colCreatedAt, colUpdatedBy, colUpdatedAt, colVersion,
		"name", "id_card", "mobile", "kind", "age", "amount", "poor", "apply_date", "audit_status"}
	start := time.Date(2022, 1, 1, 8, 0, 0, 0, time.Local)
	tx, err := s.w.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	const batch = 1000
	for i := 0; i < rows; i += batch {
		ins := entsql.Dialect(s.dialect).Insert(mt.table).Columns(cols...)
		for j := i; j < i+batch; j++ {
			org := 1 + r.IntN(60)
			at := start.Add(time.Duration(j) * 90 * time.Second).Format(DateTimeLayout)
			ins.Values(1, org, fmt.Sprintf("/1/%d/%d/", 100+org%6, org), 1+r.IntN(200), at, 1, at, 1,
				benchName(r), fmt.Sprintf("33010219%08d%02d", j, r.IntN(100)), fmt.Sprintf("13%09d", r.IntN(1e9)),
				1+r.IntN(3), 18+r.IntN(70), float64(r.IntN(100000))/100, r.IntN(2) == 0,
				start.AddDate(0, 0, r.IntN(3*365)).Format(DateLayout), 1+r.IntN(3))
		}
		qs, args := ins.Query()
		if _, err := tx.Exec(qs, args...); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	// The rows went in behind the store's back: rebuild the gram indexes.
	for _, c := range mt.cols {
		if grams && gramIndexed(c) {
			if err := s.inWrite(ctx, mt, func(tx *sql.Tx) error { return s.fillGrams(ctx, tx, mt, c) }); err != nil {
				return err
			}
		}
	}
	if s.dialect != dialect.SQLite {
		return nil
	}
	// No ANALYZE: with STAT4 statistics SQLite re-prepares statements whose
	// parameters could change the plan, on every call (docs/store.md).
	_, err = s.w.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

// latencies collects per-call durations across goroutines.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) { l.mu.Lock(); l.d = append(l.d, d); l.mu.Unlock() }

func (l *latencies) report(b *testing.B) {
	slices.Sort(l.d)
	if len(l.d) == 0 {
		return
	}
	at := func(p float64) float64 { return float64(l.d[int(p*float64(len(l.d)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// runList runs List in parallel with queries from next and reports
// latency percentiles next to ns/op (whose inverse is the throughput).
func runList(b *testing.B, s *Store, m *schema.Module, sc Scope, next func(r *rand.Rand) *query.Query) {
	var lat latencies
	var seed uint64
	var mu sync.Mutex
	cpu0 := cpuTime()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		mu.Lock()
		seed++
		r := rand.New(rand.NewPCG(seed, 7))
		mu.Unlock()
		for pb.Next() {
			q := next(r)
			t0 := time.Now()
			p, err := s.List(ctx, m, sc, q)
			lat.add(time.Since(t0))
			if err != nil || len(p.Rows) == 0 && p.Total > int64(q.Page*q.Size) {
				b.Errorf("List: %v (%d rows of %d)", err, len(p.Rows), p.Total)
				return
			}
		}
	})
	b.StopTimer()
	lat.report(b)
	// CPU per call, the machine-independent cost: 2 cores / cpu-µs/op is
	// the throughput two dedicated cores would reach.
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
}

// cpuTime is the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkList1M(b *testing.B) {
	s, m := bench1M(b)
	benchLists(b, s, m)
}

// BenchmarkList1MPostgres is BenchmarkList1M on PostgreSQL.
func BenchmarkList1MPostgres(b *testing.B) {
	s, m := bench1MPostgres(b)
	benchLists(b, s, m)
}

func benchLists(b *testing.B, s *Store, m *schema.Module) {
	all := Scope{TenantID: 1, UserID: 1, Mode: ScopeAll}
	town := Scope{TenantID: 1, UserID: 1, OrgID: 101, OrgPath: "/1/101/", Mode: ScopeSubtree}
	sorted := func(field string) func(*rand.Rand) *query.Query {
		return func(r *rand.Rand) *query.Query {
			return &query.Query{Page: r.IntN(5), Size: 10, Sort: []query.Sort{{Field: field, Desc: true}}}
		}
	}
	b.Run("sorted-total", func(b *testing.B) { runList(b, s, m, all, sorted("applyDate")) })
	if s.stmts != nil {
		b.Run("sorted-total-nocache", func(b *testing.B) {
			st := s.stmts
			s.stmts = nil
			defer func() { s.stmts = st }()
			runList(b, s, m, all, sorted("applyDate"))
		})
	}
	b.Run("default-order", func(b *testing.B) { runList(b, s, m, all, sorted("id")) })
	b.Run("subtree-sorted", func(b *testing.B) { runList(b, s, m, town, sorted("applyDate")) })
	b.Run("equals-filter", func(b *testing.B) {
		runList(b, s, m, all, func(r *rand.Rand) *query.Query {
			return &query.Query{Size: 10, Filters: []query.Filter{{Field: "kind", Op: query.Equals, Values: []any{int64(1 + r.IntN(3))}}},
				Sort: []query.Sort{{Field: "applyDate", Desc: true}}}
		})
	})
	// The contains benchmarks run on an instance whose count cache holds one
	// entry: every list counts, the worst case.
	cold := &Store{db: s.db, w: s.w, dialect: s.dialect, counts: newCountCache(1), stmts: s.stmts, grams: s.grams}
	contains := func(field string, term func(r *rand.Rand) string) func(*rand.Rand) *query.Query {
		return func(r *rand.Rand) *query.Query {
			return &query.Query{Size: 10, Filters: []query.Filter{{Field: field, Op: query.Contains, Values: []any{term(r)}}},
				Sort: []query.Sort{{Field: "applyDate", Desc: true}}}
		}
	}
	b.Run("contains-name-cold", func(b *testing.B) { // 张伟, 王小明: few matches
		runList(b, cold, m, all, contains("name", benchName))
	})
	b.Run("contains-char-cold", func(b *testing.B) { // 伟: 1–3% of the rows
		runList(b, cold, m, all, contains("name", func(r *rand.Rand) string { return string(given[r.IntN(len(given))]) }))
	})
	b.Run("contains-surname-cold", func(b *testing.B) { // 王: up to 7% of the rows
		runList(b, cold, m, all, contains("name", func(r *rand.Rand) string { return string(surnames[r.IntN(10)]) }))
	})
	b.Run("contains-mobile-cold", func(b *testing.B) { // four digits
		runList(b, cold, m, all, contains("mobile", func(r *rand.Rand) string { return fmt.Sprintf("%04d", r.IntN(10000)) }))
	})
	b.Run("contains-ascii-like-cold", func(b *testing.B) { // two ASCII letters: not indexed, LIKE alone
		runList(b, cold, m, all, contains("name", func(r *rand.Rand) string { return string(rune('a'+r.IntN(26))) + "z" }))
	})
	b.Run("contains-subtree-cold", func(b *testing.B) {
		runList(b, cold, m, town, contains("name", func(r *rand.Rand) string { return string(given[r.IntN(len(given))]) }))
	})
	// The first list after a write counts again (the cache is emptied here).
	for name, sc := range map[string]Scope{"count-after-write": all, "count-after-write-subtree": town} {
		b.Run(name, func(b *testing.B) {
			var lat latencies
			for b.Loop() {
				s.counts = newCountCache(countCacheSize)
				t0 := time.Now()
				if _, err := s.List(ctx, m, sc, &query.Query{Size: 10}); err != nil {
					b.Fatal(err)
				}
				lat.add(time.Since(t0))
			}
			lat.report(b)
		})
	}
}

// BenchmarkCreateSQLite compares SQLite writers: the store's single writer
// connection (writes queue in Go) against a pool of connections whose
// transactions all BEGIN IMMEDIATE (writes queue in SQLite's busy handler,
// which sleeps and retries); and the single writer with its statements
// prepared once (writeStmts) against compiling them for every create.
func BenchmarkCreateSQLite(b *testing.B) {
	for _, v := range []struct {
		name               string
		pooled, unprepared bool
	}{{"one-writer", false, false}, {"one-writer-unprepared", false, true}, {"writer-pool", true, false}} {
		pooled := v.pooled
		b.Run(v.name, func(b *testing.B) {
			dir := b.TempDir()
			s, err := Open(ctx, "", dir)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			if pooled {
				w, err := sql.Open("sqlite", "file:"+filepath.Join(dir, DefaultFile)+"?"+sqlitePragmas+"&_txlock=immediate")
				if err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				w.SetMaxOpenConns(8)
				s.w, s.wstmts = w, newWriteStmts(w)
			}
			if v.unprepared { // every INSERT compiled again, as before writeStmts
				s.wstmts = nil
			}
			m := testModule()
			if err := s.Migrate(ctx, m, false); err != nil {
				b.Fatal(err)
			}
			var lat latencies
			cpu0 := cpuTime()
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					t0 := time.Now()
					if _, err := s.Create(ctx, m, viewer, Record{"name": "张三", "mobile": "13800001111", "kind": 1}); err != nil {
						b.Error(err)
						return
					}
					lat.add(time.Since(t0))
				}
			})
			b.StopTimer()
			lat.report(b)
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
