package host

import "testing"

// TestRejudgeSoonIsFreeWithNothingKept: every change of the placed instances tells the
// rejudger (operations.go); with no rejection kept (the usual case) that starts no goroutine and
// touches nothing but the rejudger's mutex, nor does it once the host is closing.
func TestRejudgeSoonIsFreeWithNothingKept(t *testing.T) {
	var s Server // no store, no engine: anything beyond the check would panic
	s.placedChanged()
	if s.rejudge.rejudging() {
		t.Fatal("a re-judgement started with nothing kept")
	}
	s.rejudge.number = 2
	s.stopRejudging()
	s.placedChanged()
	if s.rejudge.rejudging() {
		t.Fatal("a re-judgement started on a closing host")
	}
}
