package devclient

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/scapeworld/scape/diag"
	"github.com/scapeworld/scape/typecheck"
)

// typeError is a tsc diagnostic as package typecheck makes them.
var typeError = diag.Diagnostic{Severity: diag.Error, Code: typecheck.Code, File: "src/definition.ts", Line: 3, Column: 7,
	Message: "TS2322: Type 'string' is not assignable to type 'number'."}

// TestTypeErrorsAfterTheVerdict: a build with a type error is uploaded and accepted while its
// type check is still running (the check never holds the upload back), and the type errors are
// reported after the verdict, saying the build would refuse them; once fixed, the loop says so.
func TestTypeErrorsAfterTheVerdict(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	answers := make(chan typecheck.Status)
	asked := make(chan struct{}, 8)
	e.startWith(s, func(l *Loop) {
		l.Types = func(ctx context.Context) typecheck.Status {
			asked <- struct{}{}
			select {
			case st := <-answers:
				return st
			case <-ctx.Done():
				return typecheck.Status{Reason: "interrupted"}
			}
		}
	})
	<-asked
	// The check has not answered: the build is sent and accepted all the same.
	if ev := e.until(EventAccepted, EventTypes); ev.Kind != EventAccepted || ev.Revision != 1 {
		t.Fatalf("before the type check answered: %+v", ev)
	}
	answers <- typecheck.Status{Checked: true, Diagnostics: diag.List{typeError}}
	ev := e.until(EventTypes, EventAccepted)
	if ev.Kind != EventTypes || len(ev.Errors) != 1 || !reflect.DeepEqual(ev.Errors[0], typeError) ||
		!strings.Contains(ev.Message, "1 type error (tsc): scape gizmo build would refuse this build; dev sent it anyway") {
		t.Fatalf("types: %+v", ev)
	}

	// Fixed: the next build is accepted, then the loop says the type errors are gone.
	e.write(defs("Lamp 2"))
	<-asked
	answers <- typecheck.Status{Checked: true}
	if ev := e.until(EventAccepted); ev.Revision != 2 {
		t.Fatalf("second build: %+v", ev)
	}
	if ev := e.until(EventTypes); len(ev.Errors) != 0 || ev.Message != "no type errors" {
		t.Fatalf("fixed: %+v", ev)
	}

	// A save that changes only types bundles the same JavaScript: nothing is sent, and its type
	// errors are still reported.
	e.write(defs("Lamp 2")) // the same bytes: the fake builder's bundle is the file
	<-asked
	answers <- typecheck.Status{Checked: true, Diagnostics: diag.List{typeError}}
	if ev := e.until(EventUnchanged, EventAccepted); ev.Kind != EventUnchanged {
		t.Fatalf("unchanged bundle: %+v", ev)
	}
	if ev := e.until(EventTypes); len(ev.Errors) != 1 {
		t.Fatalf("types of an unchanged bundle: %+v", ev)
	}
}

// TestTypesNotCheckedSaidOnce: a project whose types cannot be checked (not trusted, no
// TypeScript) is told why once, not on every save.
func TestTypesNotCheckedSaidOnce(t *testing.T) {
	e := newEnv(t)
	e.write(defs("Lamp"))
	s := e.pair()
	e.startWith(s, func(l *Loop) {
		l.Types = func(context.Context) typecheck.Status {
			return typecheck.Status{Reason: typecheck.NotTrusted, Untrusted: true}
		}
	})
	if ev := e.until(EventTypes); ev.Message != "types not checked: "+typecheck.NotTrusted {
		t.Fatalf("%+v", ev)
	}
	e.write(defs("Lamp 2"))
	e.until(EventAccepted)
	e.write(defs("Lamp 3"))
	e.until(EventAccepted)
	for {
		select {
		case ev := <-e.events:
			if ev.Kind == EventTypes {
				t.Fatalf("said again: %+v", ev)
			}
		default:
			return
		}
	}
}
