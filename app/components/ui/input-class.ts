/** A text field, select or text area of any form: styled by the `field-input` class (app.css). Its own module, so that a page using only this loads nothing of field.tsx. */
export const inputClass = "field-input";
