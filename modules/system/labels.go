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
//
// Only the id and the columns shown are read: a page of a large register
// names its creators and organisations on every list call.
func (s *Service) Labels(ctx context.Context, tenantID int64, ref, display string, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	switch ref {
	case schema.RefUser:
		var rows []struct {
			ID         int64  `json:"id"`
			Username   string `json:"username"`
			FamilyName string `json:"family_name"`
			Name       string `json:"name"`
			Mobile     string `json:"mobile"`
			Email      string `json:"email"`
		}
		err := s.ent.User.Query().Where(user.TenantID(tenantID), user.IDIn(ids...)).
			Select(user.FieldID, user.FieldUsername, user.FieldFamilyName, user.FieldName, user.FieldMobile, user.FieldEmail).
			Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, u := range rows {
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
		var rows []struct {
			ID      int64  `json:"id"`
			OrgName string `json:"org_name"`
		}
		err := s.ent.Org.Query().Where(org.TenantID(tenantID), org.IDIn(ids...)).
			Select(org.FieldID, org.FieldOrgName).Scan(ctx, &rows)
		if err != nil {
			return nil, err
		}
		for _, o := range rows {
			out[o.ID] = o.OrgName
		}
	}
	return out, nil
}
