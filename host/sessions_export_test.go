package host

// The tab table's bounds and sizes, for the external tests (sessions_test.go).
const (
	LeaveGrace   = leaveGrace
	MaxGuestTabs = maxGuestTabs
	TabIdleTTL   = tabIdleTTL
)

// TabCounts is the tab table's sizes: guests, the owner's tabs and unused stream tickets.
func (s *Server) TabCounts() (guests, admins, tickets int) { return s.sessions.counts() }
