package demo

import (
	"context"
	"fmt"

	"xiangzhi/engine/store"
	"xiangzhi/generated/ent"
	"xiangzhi/generated/ent/org"
	"xiangzhi/modules/system"
)

// Kinds of place, written into the organisation's description as the
// console reads it (县 / 乡镇 / 村; 村 marks a village, a leaf).
const (
	KindCounty   = "县"
	KindTownship = "乡镇"
	KindVillage  = "村"
)

// The demo county: its name, its six-digit division code (a real format;
// the map's default centre lies in this area) and its centre.
const (
	CountyName   = "示范县"
	countyRegion = "371525"
	countyLng    = 115.15
	countyLat    = 36.29
)

// The second, small demo tenant: its code (typed at login) and name.
const (
	NeighbourTenant = "linxian"
	NeighbourName   = "邻县"
	// NeighbourVillagers is how many villagers it has.
	NeighbourVillagers = 120
)

// CountyPlan is the organisation tree a demo tenant gets: the county's
// name, its six-digit division code, its centre and its townships.
type CountyPlan struct {
	Name     string
	Region   string
	Lng, Lat float64
	Towns    []TownPlan
}

// TownPlan is one township: its seat's offset from the county's centre
// and its villages.
type TownPlan struct {
	Name       string
	DLng, DLat float64
	Villages   []string
}

// DefaultCounty is the demo county of the default tenant.
var DefaultCounty = CountyPlan{Name: CountyName, Region: countyRegion, Lng: countyLng, Lat: countyLat,
	Towns: []TownPlan{
		{"城关镇", -0.06, 0.04, []string{"东关村", "西关村", "南街村", "北营村"}},
		{"青山乡", 0.07, 0.05, []string{"青山村", "石门村", "柳树沟村", "杏花村"}},
		{"河西镇", 0.0, -0.07, []string{"河西村", "王庄村", "李家屯村", "新河村"}},
	}}

// NeighbourCounty is the small second tenant's county (NeighbourTenant):
// one township of two villages, next to the demo county.
var NeighbourCounty = CountyPlan{Name: NeighbourName, Region: "371526", Lng: countyLng + 0.3, Lat: countyLat,
	Towns: []TownPlan{{"临河镇", 0.0, 0.03, []string{"东岸村", "西岸村"}}}}

// villageOffsets place a township's villages around its seat.
var villageOffsets = [][2]float64{{-0.018, 0.012}, {0.02, 0.015}, {-0.015, -0.02}, {0.022, -0.016}}

// place is one organisation of the demo county.
type place struct {
	ID       int64
	Name     string
	Kind     string
	Path     string
	Parent   *place
	Lng, Lat float64
	Code     string // statistical division code: 6 (county), 9 (township) or 12 digits (village)
	Key      string // username stem: county, town1, v01
	Index    int    // 1-based among its siblings

	Admin  int64   // the staff user of this organisation
	Grid   []int64 // grid-member users (villages)
	Towns  []*place
	Villas []*place
}

// region6 is the county part of the division code, the first six digits
// of its residents' ID numbers.
func (p *place) region6() string { return p.Code[:6] }

// scope is the store scope of writes made in this organisation by user.
func (p *place) scope(tenant, user int64) store.Scope {
	return store.Scope{TenantID: tenant, UserID: user, OrgID: p.ID, OrgPath: p.Path, Mode: store.ScopeSubtree}
}

// FullName is the name with its ancestors below the county: 城关镇东关村.
func (p *place) FullName() string {
	if p.Parent == nil || p.Parent.Kind == KindCounty {
		return p.Name
	}
	return p.Parent.FullName() + p.Name
}

// town is the township a place belongs to (itself for a township; nil for
// the county).
func (p *place) town() *place {
	for q := p; q != nil; q = q.Parent {
		if q.Kind == KindTownship {
			return q
		}
	}
	return nil
}

// ancestors lists the place and its ancestors, nearest first.
func (p *place) ancestors() []*place {
	var out []*place
	for q := p; q != nil; q = q.Parent {
		out = append(out, q)
	}
	return out
}

// buildOrgs makes the organisation tree: the tenant's first-level
// organisation becomes the county (renamed, description 县), with the
// townships under it and the villages under them, each with its
// materialised path and level. Existing organisations of the same name
// under the same parent are reused.
func (g *gen) buildOrgs(ctx context.Context, rootID int64) error {
	root, err := g.ent.Org.Get(ctx, rootID)
	if err != nil {
		return fmt.Errorf("read first-level organisation: %w", err)
	}
	plan := g.plan()
	root, err = root.Update().SetOrgName(plan.Name).SetDescription(KindCounty).
		SetPath(system.OrgPath("", root.ID)).SetLevel(1).Save(ctx)
	if err != nil {
		return fmt.Errorf("rename the county: %w", err)
	}
	g.county = &place{ID: root.ID, Name: plan.Name, Kind: KindCounty, Path: root.Path, Lng: plan.Lng,
		Lat: plan.Lat, Code: plan.Region, Key: "county", Index: 1}
	for i, tp := range plan.Towns {
		t := &place{Name: tp.Name, Kind: KindTownship, Parent: g.county, Index: i + 1,
			Lng: plan.Lng + tp.DLng, Lat: plan.Lat + tp.DLat, Code: fmt.Sprintf("%s%03d", plan.Region, 101+i),
			Key: fmt.Sprintf("town%d", i+1)}
		if err := g.ensureOrg(ctx, t); err != nil {
			return err
		}
		g.county.Towns = append(g.county.Towns, t)
		for j, vn := range tp.Villages {
			off := villageOffsets[j%len(villageOffsets)]
			v := &place{Name: vn, Kind: KindVillage, Parent: t, Index: j + 1,
				Lng: t.Lng + off[0], Lat: t.Lat + off[1], Code: fmt.Sprintf("%s%03d", t.Code, 201+j),
				Key: fmt.Sprintf("v%02d", len(g.villages)+1)}
			if err := g.ensureOrg(ctx, v); err != nil {
				return err
			}
			t.Villas = append(t.Villas, v)
			g.villages = append(g.villages, v)
		}
	}
	return nil
}

// ensureOrg finds or creates the organisation of p under its parent and
// fills in p's id and path.
func (g *gen) ensureOrg(ctx context.Context, p *place) error {
	o, err := g.ent.Org.Query().Where(org.TenantID(g.tenant), org.ParentID(p.Parent.ID), org.OrgName(p.Name)).
		Only(ctx)
	switch {
	case ent.IsNotFound(err):
		o, err = g.ent.Org.Create().SetTenantID(g.tenant).SetOrgName(p.Name).SetDescription(p.Kind).
			SetParentID(p.Parent.ID).SetOrderby(p.Index).SetLevel(len(p.ancestors())).Save(ctx)
		if err != nil {
			return fmt.Errorf("create organisation %s: %w", p.Name, err)
		}
	case err != nil:
		return fmt.Errorf("read organisation %s: %w", p.Name, err)
	}
	path := system.OrgPath(p.Parent.Path, o.ID)
	if o.Path != path || o.Description != p.Kind {
		if o, err = o.Update().SetPath(path).SetDescription(p.Kind).Save(ctx); err != nil {
			return fmt.Errorf("organisation path of %s: %w", p.Name, err)
		}
	}
	p.ID, p.Path = o.ID, o.Path
	return nil
}
