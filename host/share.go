package host

import (
	"encoding/json"

	wm "github.com/scapeworld/scape/world"
)

// Each viewer gets only its share of a reaction (docs/world.md, "Reactions"): the feedback goes
// to the avatars near the source and to the initiator, its haptic only to the initiator ("Only
// the initiating player receives this optional device feedback"). The 'acted' event used to carry
// the whole reaction to every tab; reactionShare is what each tab's event carries instead.

// reactionShare is viewer's share of the reaction that actor's accepted action returned, given
// its feedback's delivery (nil when it had none or the world dropped it):
//   - the acting viewer: the reaction whole (it is the answer to its own action);
//   - a recipient of the delivery: {"feedback": …} as the world delivered it to that viewer
//     (without haptic). The area-removal request is the actor's: the others see its outcome,
//     the instances gone, in their world;
//   - anyone else, when the reaction had feedback: {"undelivered": true} — only that there was
//     feedback which did not reach this viewer, so its page can say why nothing showed (its own
//     distance and the host's reach are in its grid); none of the feedback's content;
//   - anyone else, when it had none: nothing (nil: the event carries no reaction).
func reactionShare(reaction json.RawMessage, d *wm.Delivery, actor, viewer string) json.RawMessage {
	if viewer == actor {
		return reaction
	}
	if d == nil {
		return nil
	}
	fb := d.For(viewer)
	if fb == nil {
		return json.RawMessage(`{"undelivered":true}`)
	}
	out, err := json.Marshal(struct {
		Feedback json.RawMessage `json:"feedback"`
	}{fb})
	if err != nil {
		return nil
	}
	return out
}

// sharedWith is c as viewer receives it: an 'acted' change carries viewer's share of its
// reaction only.
func (c change) sharedWith(viewer string) change {
	if c.Kind == "acted" {
		c.Reaction = reactionShare(c.Reaction, c.delivery, c.Actor, viewer)
	}
	return c
}
