package isolate

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/scapeworld/scape/validate"
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
