package system

import (
	"context"

	"xiangzhi/engine/dashboard"
	"xiangzhi/generated/ent/org"
)

// OrgsUnder lists the organisations of a tenant under path, the one at
// path included (dashboard.OrgLister: a dashboard's township filter and
// map markers).
func (s *Service) OrgsUnder(ctx context.Context, tenantID int64, path string) ([]dashboard.OrgNode, error) {
	orgs, err := s.ent.Org.Query().Where(org.TenantID(tenantID), org.PathHasPrefix(path)).
		Order(org.ByPath()).All(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]dashboard.OrgNode, len(orgs))
	for i, o := range orgs {
		out[i] = dashboard.OrgNode{ID: int64(o.ID), Name: o.OrgName, Path: o.Path}
	}
	return out, nil
}

// The system is the dashboards' organisation lister.
var _ dashboard.OrgLister = (*Service)(nil)
