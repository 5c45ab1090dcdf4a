package system

// Display names of users and organisations for the module API's answers
// (engine.System.Labels): a record's createdBy, a ref: user field, the user
// of a status transition, an orgId.

import (
	"context"

	"xiangzhi/engine/schema"
	"xiangzhi/generated/ent/org"
	"xiangzhi/generated/ent/user"
)

// Labels names the tenant's users (by their display field: name — family
// and given name —, username, mobile or email) or organisations by id.
// Other system references get no names.
func (s *Service) Labels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	switch ref {
	case schema.RefUser:
		us, err := s.ent.User.Query().Where(user.TenantID(tenantID), user.IDIn(ids...)).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, u := range us {
			switch display {
			case "username":
				out[u.ID] = u.Username
			case "mobile":
				out[u.ID] = u.Mobile
			case "email":
				out[u.ID] = u.Email
			default:
				out[u.ID] = u.FamilyName + u.Name
			}
			if out[u.ID] == "" {
				out[u.ID] = u.Username
			}
		}
	case schema.RefOrg:
		os, err := s.ent.Org.Query().Where(org.TenantID(tenantID), org.IDIn(ids...)).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, o := range os {
			out[o.ID] = o.OrgName
		}
	}
	return out, nil
}
