package isolate

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/scapeworld/scape/audio"
	"github.com/scapeworld/scape/jsrt"
	"github.com/scapeworld/scape/validate"
	"github.com/scapeworld/scape/world"
)

// TestWireReportCarriesEveryDefinitionField: a report crosses from the worker as JSON, and
// validate.Definition keeps some fields out of its JSON (`json:"-"`); the wire form carries them
// by hand. Every field set to a non-zero value must arrive, so a field added to Definition
// later cannot silently drop out of every isolated build (walkability once did).
func TestWireReportCarriesEveryDefinitionField(t *testing.T) {
	var d validate.Definition
	v := reflect.ValueOf(&d).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch f.Kind() {
		case reflect.String:
			f.SetString("x" + v.Type().Field(i).Name)
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			if f.Type() == reflect.TypeOf(json.RawMessage(nil)) {
				f.SetBytes([]byte(`{"f":` + string(rune('0'+i%10)) + `}`))
			}
		}
	}
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() && v.Field(i).IsZero() {
			t.Logf("field %s left zero by this test (kind %s): extend the test", v.Type().Field(i).Name, v.Field(i).Kind())
		}
	}
	b, err := json.Marshal(toWire(&validate.Report{Definitions: []validate.Definition{d}}))
	if err != nil {
		t.Fatal(err)
	}
	var w wireReport
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	got := w.report().Definitions[0]
	gv := reflect.ValueOf(got)
	for i := 0; i < v.NumField(); i++ {
		if !v.Type().Field(i).IsExported() {
			continue
		}
		if !reflect.DeepEqual(gv.Field(i).Interface(), v.Field(i).Interface()) {
			t.Errorf("Definition.%s does not cross the wire: sent %v, got %v", v.Type().Field(i).Name, v.Field(i).Interface(), gv.Field(i).Interface())
		}
	}
}

// TestWireReportCarriesExploration: what state exploration covered crosses from the worker (the
// build prints it and --json carries it).
func TestWireReportCarriesExploration(t *testing.T) {
	in := &validate.Report{Explored: []validate.Explored{{Type: "t.a", States: 3}}, Explore: 7}
	b, err := json.Marshal(toWire(in))
	if err != nil {
		t.Fatal(err)
	}
	var w wireReport
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	got := w.report()
	if !reflect.DeepEqual(got.Explored, in.Explored) || got.Explore != in.Explore {
		t.Fatalf("explored %+v %v, want %+v %v", got.Explored, got.Explore, in.Explored, in.Explore)
	}
}

// The bounds cross into a worker under the names they always had (jsrt.Limits' JSON tags), so a
// worker and its parent agree on them; a renamed field would silently fall back to a default.
func TestLimitsWireNames(t *testing.T) {
	lim := jsrt.Limits{Timeout: time.Second, HeapBudget: 7, MaxCallStack: 9, Budget: time.Minute}
	check, _ := json.Marshal(checkRequest{Options: Options{Limits: lim}})
	test, _ := json.Marshal(TestOptions{Dir: "d", Limits: lim})
	for _, c := range []struct{ got, want string }{
		{string(check), `"js_options":{"timeout":1000000000,"heapBudget":7,"maxCallStack":9,"budget":60000000000}`},
		{string(test), `{"dir":"d","timeout":1000000000,"heapBudget":7,"maxCallStack":9,"budget":60000000000}`},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("got %s, want it to contain %s", c.got, c.want)
		}
	}
	var back TestOptions
	if err := json.Unmarshal(test, &back); err != nil || back.Limits != lim {
		t.Fatalf("round trip: %+v %v", back, err)
	}
}

// A check's Options cross into a worker (and to a build server) as they are: every field but
// NoOpen, which only decides what the parent sends, comes back the same.
func TestOptionsCrossWhole(t *testing.T) {
	in := Options{Limits: jsrt.Limits{Timeout: time.Second, Budget: time.Minute}, SourceMap: []byte("{}"),
		Instances: []world.Instance{{ID: "i1", Type: "t.a", Version: 1, State: json.RawMessage(`{"on":true}`)}},
		Audio:     &audio.Budget{Time: time.Second, Samples: 9}, NoRender: true, Dir: "/p", Assets: []string{"a.glb"}, Explore: 3, ExploreTime: time.Second,
		NoOpen: true, KeepOpen: true}
	b, err := json.Marshal(checkRequest{JS: []byte("x"), Options: in})
	if err != nil {
		t.Fatal(err)
	}
	var back checkRequest
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	want := in
	want.NoOpen = false
	if !reflect.DeepEqual(back.Options, want) || string(back.JS) != "x" {
		t.Fatalf("round trip:\n%+v\nwant\n%+v", back.Options, want)
	}
}
