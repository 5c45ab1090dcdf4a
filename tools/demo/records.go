package demo

import (
	"context"
	"fmt"
	"runtime/pprof"
	"slices"

	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
)

// Levels a module's records are kept at.
const (
	atCounty   = "county"
	atTownship = "township"
	atVillage  = "village"
)

// plan says where a module's records live and how many each organisation
// of that level gets.
type plan struct {
	level  string
	perOrg int
}

// plans differ from the default (two records per village).
var plans = map[string]plan{
	"appVersion": {atCounty, 4}, "cmsSite": {atCounty, 2}, "publishType": {atCounty, 5},
	"cmsChannel": {atCounty, 5}, "subjectCategory": {atCounty, 5}, "question": {atCounty, 12},
	"broadcastMedia": {atCounty, 6}, "weatherInfo": {atCounty, 6}, "transportInfo": {atCounty, 4},
	"agricultureInfo": {atCounty, 5},

	"article": {atTownship, 5}, "exam": {atTownship, 2}, "logisticsInfo": {atTownship, 2},
	"powerInfo": {atTownship, 2}, "waterInfo": {atTownship, 2}, "convenienceService": {atTownship, 4},
	"pensionInstitution": {atTownship, 2}, "hospital": {atTownship, 2}, "serviceSite": {atTownship, 2},
	"sanitationStaff": {atTownship, 6}, "sanitationVehicle": {atTownship, 3}, "transferStation": {atTownship, 1},
	"carInOut": {atTownship, 8}, "dustcartTrip": {atTownship, 6}, "staffOperation": {atTownship, 6},
	"airStation": {atTownship, 1}, "airReading": {atTownship, 10}, "recruitment": {atTownship, 3},
	"agriTraining": {atTownship, 2}, "broadcastPolicy": {atTownship, 2}, "broadcastTask": {atTownship, 4},
	"superviseRecord": {atTownship, 3}, "quality": {atTownship, 3}, "brand": {atTownship, 2},

	"alarm": {atVillage, 6}, "event": {atVillage, 5}, "visit": {atVillage, 6}, "patrol": {atVillage, 3},
	"patrolEvent": {atVillage, 3}, "attendanceRecord": {atVillage, 8}, "messageBoard": {atVillage, 3},
	"messageReply": {atVillage, 2}, "pointsRule": {atVillage, 4}, "pointsGoods": {atVillage, 4},
	"pointsOrder": {atVillage, 4}, "pointsMerchant": {atVillage, 1}, "villageNotice": {atVillage, 3},
	"oldPerson": {atVillage, 4}, "partyMember": {atVillage, 3}, "quarantine": {atVillage, 2},
	"qrRegistration": {atVillage, 4}, "handicappedSubsidy": {atVillage, 3}, "basicAllowance": {atVillage, 3},
	"landSubsidy": {atVillage, 3}, "medicalAid": {atVillage, 2}, "dangerousBuilding": {atVillage, 2},
	"veteran": {atVillage, 2}, "villageMuseum": {atVillage, 1}, "attendanceRule": {atVillage, 1},
	"garbageBin": {atVillage, 4}, "camera": {atVillage, 3}, "drowningWarning": {atVillage, 2},
	"village": {atVillage, 1},
}

func planOf(m *schema.Module) plan {
	if p, ok := plans[m.Name]; ok {
		return p
	}
	return plan{atVillage, 2}
}

// scale is how many times the default county's population the county
// has (1 at most the default): the village and township records of
// modules with more than one record per organisation grow in proportion.
func (g *gen) scale() int {
	return max(1, g.opts.Villagers/DefaultVillagers)
}

// places are the organisations of a level.
func (g *gen) places(level string) []*place {
	switch level {
	case atCounty:
		return []*place{g.county}
	case atTownship:
		return g.county.Towns
	}
	return g.villages
}

// order lists the modules so that every module comes after those its
// references point to (references within a module, and cycles, are
// left to whatever exists when the record is made).
func (g *gen) order() []*schema.Module {
	byName := map[string]*schema.Module{}
	names := make([]string, 0, len(g.set.Modules))
	for _, m := range g.set.Modules {
		byName[m.Name] = m
		names = append(names, m.Name)
	}
	slices.Sort(names)
	state := map[string]int{}
	var out []*schema.Module
	var visit func(n string)
	visit = func(n string) {
		if state[n] != 0 || byName[n] == nil {
			return
		}
		state[n] = 1
		for _, d := range refsOf(byName[n].Fields) {
			if d != n {
				visit(d)
			}
		}
		state[n] = 2
		out = append(out, byName[n])
	}
	for _, n := range names {
		visit(n)
	}
	return out
}

// refsOf lists the modules the fields (and their children) refer to.
func refsOf(fields []schema.Field) []string {
	var out []string
	for _, f := range fields {
		switch {
		case f.Type == schema.TypeRef && !schema.IsBuiltinRef(f.Ref) || f.Ref == schema.RefGrid:
			out = append(out, f.Ref)
		case f.Type == schema.TypeChildren:
			out = append(out, refsOf(f.Fields)...)
		}
	}
	slices.Sort(out)
	return out
}

// module makes the records of one module.
func (g *gen) module(ctx context.Context, m *schema.Module) error {
	fill := g.generic
	if core, ok := coreModules[m.Name]; ok {
		fill = func(ctx context.Context, m *schema.Module) error { return core(g, ctx, m) }
	}
	err := fill(ctx, m)
	if derr := g.drain(); err == nil {
		err = derr
	}
	return err
}

// generic makes a module's records field by field, as its plan says.
func (g *gen) generic(ctx context.Context, m *schema.Module) error {
	p := planOf(m)
	for _, o := range g.places(p.level) {
		n := p.perOrg
		if p.level == atVillage && n > 2 {
			n += g.rng.IntN(3) - 1
		}
		if n > 1 && p.level != atCounty {
			n *= g.scale()
		}
		recs := make([]store.Record, 0, n)
		for i := 0; i < n; i++ {
			rc := &recCtx{g: g, m: m, o: o, i: i}
			rec := rc.build()
			if fix := fixups[m.Name]; fix != nil {
				fix(rc)
			}
			recs = append(recs, rec)
		}
		var err error
		if pipelined(m) {
			_, err = g.queue(ctx, m, o, o.Admin, recs, nil)
		} else {
			_, err = g.insert(ctx, m, o, o.Admin, recs)
		}
		if err != nil {
			return err
		}
	}
	return g.drain() // callers such as pointsOrders read what was made
}

// insert validates the records as the API would, creates them in one
// transaction in organisation o on behalf of user, remembers their ids
// for later references, runs their status actions and answers the ids.
// Batches queued before it are written first.
func (g *gen) insert(ctx context.Context, m *schema.Module, o *place, user int64, recs []store.Record) ([]int64, error) {
	b, err := g.queue(ctx, m, o, user, recs, nil)
	if err != nil || b == nil {
		return nil, err
	}
	if err := g.drain(); err != nil {
		return nil, err
	}
	return b.ids, nil
}

// batch is records of one module and organisation on their way to the
// database: validated and their status walks planned on the generator's
// goroutine, then created and walked on the writer's.
type batch struct {
	m    *schema.Module
	o    *place
	user int64
	recs []store.Record
	// steps are the planned status walks (Step.ID the record's index in
	// recs until written), ends each record's end in steps, final its
	// status after them and fixes its after-status fix-up.
	steps []store.Step
	ends  []int
	final []int
	fixes []store.Record
	// then runs on the generator's goroutine once the batch is written,
	// before any later batch's bookkeeping.
	then func(ids []int64)

	ids  []int64
	err  error
	done chan struct{}
}

// queue validates recs, plans their status walks and hands them to the
// writer, which creates them on another goroutine while the generator
// builds the next batch: SQLite has one writer, and with two cores the
// building (with validation, a tenth to a fifth of a big county's CPU) and
// the writing (over half) need not wait for each other. The bookkeeping (ids, counts, statuses) of a
// batch is done when the next batch is queued or at drain, in order; what
// is built meanwhile must not read it — the callers queue a module's
// records only when none of them refers to the module itself
// (pipelined), and every module drains before the next begins. Every
// random draw stays on the generator's goroutine and in the same order,
// so the data are the same as written one batch at a time.
func (g *gen) queue(ctx context.Context, m *schema.Module, o *place, user int64, recs []store.Record,
	then func(ids []int64)) (*batch, error) {
	if len(recs) == 0 {
		return nil, nil
	}
	for i, r := range recs {
		if err := schema.Validate(m, g.set, r, false); err != nil {
			return nil, fmt.Errorf("record %d is not valid: %w %v", i+1, err, describe(err))
		}
	}
	b := &batch{m: m, o: o, user: user, recs: recs, then: then, done: make(chan struct{})}
	g.planWalks(b)
	if err := g.drain(); err != nil {
		return nil, err
	}
	go pprof.Do(ctx, writerLabels, func(ctx context.Context) {
		defer close(b.done)
		b.ids, b.err = g.st.CreateManyIDs(store.UniqueKnown(ctx), m, o.scope(g.tenant, user), recs)
		if b.err == nil && len(b.ends) > 0 {
			b.err = g.writeWalks(ctx, b, b.ids)
		}
	})
	g.writing = b
	if !pipelining {
		return b, g.drain()
	}
	return b, nil
}

// pipelining is off only in a test that compares the data with those made
// one batch at a time (export_test.go).
var pipelining = true

// writerLabels mark the writer's goroutine in CPU profiles (--pprof-addr),
// which then tell the writer's share of a run from the generator's.
var writerLabels = pprof.Labels("demo", "writer")

// drain waits for the batch being written and does its bookkeeping.
func (g *gen) drain() error {
	b := g.writing
	if b == nil {
		return nil
	}
	g.writing = nil
	<-b.done
	if b.err != nil {
		return b.err
	}
	m, ids := b.m, b.ids
	if g.ids[m.Name] == nil {
		g.ids[m.Name] = map[int64][]int64{}
	}
	keep := keepsRows(m.Name)
	if keep && g.rows[m.Name] == nil {
		g.rows[m.Name] = map[int64]store.Record{}
	}
	if b.final != nil && g.status[m.Name] == nil {
		g.status[m.Name] = map[int64]int{}
	}
	for i, id := range ids {
		rec := b.recs[i]
		rec["id"] = id
		if b.final != nil {
			g.status[m.Name][id] = b.final[i]
			for k, v := range b.fixes[i] {
				rec[k] = v // the record kept in g.rows, when a later step reads it
			}
		}
		if keep {
			g.rows[m.Name][id] = rec
		}
		g.ids[m.Name][b.o.ID] = append(g.ids[m.Name][b.o.ID], id)
	}
	g.count[m.Name] += len(ids)
	if b.then != nil {
		b.then(ids)
	}
	return nil
}

// pipelined reports whether a module's batches may be queued without
// waiting: none of its records refers to the module itself, so building
// the next batch reads nothing the one being written adds, and building
// one writes nothing (a points order may put goods on the shelf first,
// which must come after the orders before it).
func pipelined(m *schema.Module) bool {
	return !slices.Contains(refsOf(m.Fields), m.Name) && !buildWrites[m.Name]
}

// buildWrites are the modules whose records' fix-ups write to the store
// while they are built (orderFix).
var buildWrites = map[string]bool{"pointsOrder": true}

// rowsRead are the modules whose records later steps read back from
// g.rows (fix-ups and the office system); the records of the others —
// villagers and households above all — are dropped once written, so a big
// county's memory holds ids, not records.
var rowsRead = map[string]bool{"pointsGoods": true, "pointsRule": true, "pointsLog": true, "pointsOrder": true,
	"seal": true, "sealApply": true, "subjectCategory": true, "question": true, "exam": true}

// keepsRows reports whether the records of module are kept in g.rows: read
// by a later step. The after-status fix-up of the status walk reads the
// record it was made from, right after the write, so a big county no
// longer keeps every event, alarm, quarantine, … for it.
func keepsRows(module string) bool { return rowsRead[module] }

// batchRecords bounds the records built and written at once (one
// transaction each), so a big county streams its villagers and households.
const batchRecords = 1000

// describe lists a validation error's field messages.
func describe(err error) []schema.FieldError {
	if ve, ok := err.(*schema.ValidationError); ok {
		return ve.Errors
	}
	return nil
}

// rowsNear are the ids of a module's rows in o, or else in its nearest
// ancestor that has some, or else anywhere.
func (g *gen) rowsNear(module string, o *place) []int64 {
	byOrg := g.ids[module]
	for _, a := range o.ancestors() {
		if ids := byOrg[a.ID]; len(ids) > 0 {
			return ids
		}
	}
	if o.Kind != KindVillage {
		var out []int64
		for _, v := range g.villages {
			if v.town() == o || o.Kind == KindCounty {
				out = append(out, byOrg[v.ID]...)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	var all []int64
	for _, ids := range byOrg {
		all = append(all, ids...)
	}
	return sortedIDs(all)
}

// usersNear are the demo users of o and its ancestors.
func (g *gen) usersNear(o *place) []int64 {
	var out []int64
	for _, a := range o.ancestors() {
		if a.Admin != 0 {
			out = append(out, a.Admin)
		}
		out = append(out, a.Grid...)
	}
	return out
}

// orgsNear are the organisations a record of o is likely to name: the
// villages of its township (its own first for a village).
func (g *gen) orgsNear(o *place) []int64 {
	if o.Kind == KindVillage {
		return []int64{o.ID}
	}
	var out []int64
	for _, v := range g.villages {
		if o.Kind == KindCounty || v.town() == o {
			out = append(out, v.ID)
		}
	}
	return out
}

// anyResident is a villager of o (or of a village below it).
func (g *gen) anyResident(o *place) *person {
	vs := []*place{o}
	if o.Kind != KindVillage {
		vs = nil
		for _, v := range g.villages {
			if o.Kind == KindCounty || v.town() == o {
				vs = append(vs, v)
			}
		}
	}
	v := pick(g, vs)
	return pick(g, g.residents[v.ID])
}

// personRules say which villagers a module's records are about: a minimum
// age, and whether each villager may appear once only (a unique ID).
var personRules = map[string]struct{ minAge, maxAge int }{
	"oldPerson": {60, 120}, "veteran": {24, 80}, "partyMember": {20, 90}, "gridMember": {25, 58},
	"sanitationStaff": {25, 60}, "ruralDoctor": {28, 60}, "pointsOrder": {18, 90},
}

// sampleAbove is the number of residents in a record's scope above which
// pickPerson samples instead of listing the candidates (the default county
// lists them, as before).
const sampleAbove = 20000

// pickPerson chooses the villager the record is about, when the module
// has a villager reference or a person's ID number.
func (rc *recCtx) pickPerson() {
	hasPerson := false
	for _, f := range rc.m.Fields {
		if f.Ref == "villager" && !f.Multiple && f.Name == "villager" || f.Type == schema.TypeIDCard && f.Name == "idCard" {
			hasPerson = true
		}
	}
	if !hasPerson {
		return
	}
	g := rc.g
	rule, ok := personRules[rc.m.Name]
	if !ok {
		rule.minAge, rule.maxAge = 18, 100
	}
	unique := false
	if f := rc.m.Field("idCard"); f != nil && f.Unique {
		unique = true
	}
	used := g.used[rc.m.Name]
	if used == nil {
		used = map[int64]bool{}
		g.used[rc.m.Name] = used
	}
	year, yearDay := g.now.Year(), g.now.YearDay()
	fits := func(p *person) bool {
		age := p.ageAt(year, yearDay)
		return age >= rule.minAge && age <= rule.maxAge && !(unique && used[p.ID]) &&
			(rc.m.Name != "partyMember" || p.Politics() == "01" || p.Politics() == "02") &&
			(rc.m.Name != "veteran" || p.Male())
	}
	var vs []*place
	residents := 0
	for _, v := range g.villages {
		if rc.o.Kind == KindVillage && v != rc.o || rc.o.Kind == KindTownship && v.town() != rc.o {
			continue
		}
		vs, residents = append(vs, v), residents+len(g.residents[v.ID])
	}
	// A big county draws at random until someone fits rather than listing
	// every resident of the scope for each record.
	if residents > sampleAbove {
		for try := 0; try < 256; try++ {
			rs := g.residents[pick(g, vs).ID]
			if len(rs) == 0 {
				continue
			}
			if p := pick(g, rs); fits(p) {
				rc.p = p
				used[p.ID] = true
				return
			}
		}
	}
	var cands []*person
	for _, v := range vs {
		for _, p := range g.residents[v.ID] {
			if fits(p) {
				cands = append(cands, p)
			}
		}
	}
	if len(cands) == 0 {
		// Nobody fits (a small county): someone who lives elsewhere.
		v := g.villages[g.rng.IntN(len(g.villages))]
		if rc.o.Kind == KindVillage {
			v = rc.o
		}
		age := rule.minAge + g.rng.IntN(min(rule.maxAge, 90)-rule.minAge+1)
		rc.p = g.ppl.newPerson(v, g.now, "", rc.m.Name == "veteran" || g.rng.IntN(2) == 0, age)
		rc.p.Address = rc.address()
		if rc.m.Name == "partyMember" {
			rc.p.politics = 1
		}
		return
	}
	rc.p = pick(g, cands)
	used[rc.p.ID] = true
}
